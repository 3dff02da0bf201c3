import Folder from '@mui/icons-material/Folder';
import School from '@mui/icons-material/School';
import { Button, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { courseGroupCalls } from '../../../shared/calls/courseGroups';
import type { CourseGroupChild } from '../../../shared/courseGroups';
import { TrainingKind } from '../../../shared/enums';
import { courseGroups } from '../../../shared/resources/courseGroups';
import { CourseForbiddenPage, CourseNotFoundPage } from '../../errors';
import { callApi } from '../../http/client';
import { callKey, useCall } from '../../http/queries';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { SortableList, type SortItem } from '../../ui/SortableList';
import { useSubmit } from '../../ui/useSubmit';
import { groupPath } from './paths';

type Item = SortItem & { child: CourseGroupChild };

/** /courses/course-group/{courseGroupId}/sort: the order of its groups and courses, by drag and drop (mouse, touch or keyboard). */
export function CourseGroupSort() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { courseGroupId = '' } = useParams();
  const current = useCall(courseGroupCalls.order, { params: { id: courseGroupId } });
  const [items, setItems] = useState<Item[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!current.data) return;
    setItems(
      current.data.map((child) => {
        const group = child.type === TrainingKind.courseGroup;
        // groups and courses share the list: the kind makes the key unique
        return { id: `${child.type}:${child.id}`, label: child.label, secondary: translate(`resources.courseGroups.kinds.${group ? 'group' : 'course'}`), icon: group ? <Folder /> : <School />, child };
      }),
    );
  }, [current.data, translate]);
  const submit = useSubmit(
    (orders: { id: number; type: number }[]) => callApi(courseGroupCalls.reorder, { params: { id: courseGroupId }, body: { orders } }),
    () => navigate(groupPath(courseGroupId)),
    { invalidate: [[courseGroups.name], callKey(courseGroupCalls.hierarchy), callKey(courseGroupCalls.order)], successKey: 'resources.courseGroups.messages.sorted' },
  );
  const save = async () => {
    setSaving(true);
    const fields = await submit(items.map(({ child }) => ({ id: child.id, type: child.type })));
    // no input to show them at: the order's own errors are a toast
    if (fields) notify(Object.values(fields).join(' '), { type: 'error' });
    setSaving(false);
  };
  return (
    <PageFrame title={translate('resources.courseGroups.titles.sort')} back={groupPath(courseGroupId)}>
      <PageState
        isPending={current.isPending}
        error={current.error}
        refetch={current.refetch}
        notFound={<CourseNotFoundPage />}
        forbidden={<CourseForbiddenPage />}
        isEmpty={current.data?.length === 0}
        emptyText={translate('resources.courseGroups.messages.emptyGroup')}
      >
        <SortableList items={items} onChange={setItems} />
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="save">
            {translate('resources.courseGroups.actions.save')}
          </Button>
          <Button component={Link} to={groupPath(courseGroupId)}>
            {translate('resources.courseGroups.actions.cancel')}
          </Button>
        </Stack>
      </PageState>
    </PageFrame>
  );
}
