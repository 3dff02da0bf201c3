import CreateNewFolder from '@mui/icons-material/CreateNewFolder';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import GroupAdd from '@mui/icons-material/GroupAdd';
import GroupRemove from '@mui/icons-material/GroupRemove';
import PersonAdd from '@mui/icons-material/PersonAdd';
import SwapVert from '@mui/icons-material/SwapVert';
import { Alert, Breadcrumbs, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm, ShowBase, useDelete, useNotify, useShowContext, useTranslate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { courseGroupCalls } from '../../../shared/calls/courseGroups';
import type { CourseGroupRecord } from '../../../shared/courseGroups';
import { courseGroups } from '../../../shared/resources/courseGroups';
import { CourseForbiddenPage, CourseNotFoundPage } from '../../errors';
import { callUrl } from '../../http/client';
import { serverText } from '../../http/errors';
import { useCall } from '../../http/queries';
import { useDates } from '../../ui/dates';
import { PageFrame } from '../../ui/PageFrame';
import { PageState } from '../../ui/PageState';
import { CourseGroupTree } from './CourseGroupTree';
import { groupPath } from './paths';

function Parents({ g }: { g: CourseGroupRecord }) {
  const parents = useCall(courseGroupCalls.parents, { params: { id: g.id } });
  if (!parents.data?.length) return null;
  return (
    <Breadcrumbs sx={{ mb: 1 }}>
      {parents.data.map((p) => (
        <MuiLink key={p.id} component={Link} to={groupPath(p.id)}>
          {p.label}
        </MuiLink>
      ))}
      <Typography color="text.primary">{g.label}</Typography>
    </Breadcrumbs>
  );
}

/** Edit, nest, sort, the bulk tasks and drop (its manager), export (anyone who sees it). */
function Actions({ g }: { g: CourseGroupRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [remove, { isPending: removing }] = useDelete();
  const [confirm, setConfirm] = useState(false);
  const drop = () => {
    setConfirm(false);
    void remove(
      courseGroups.name,
      { id: g.id, previousData: g },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(translate('resources.courseGroups.messages.deleted'), { type: 'success' });
          navigate(g.parentId ? groupPath(g.parentId) : '/courses');
        },
        onError: (e) => notify(serverText(e) ?? translate('app.common.toast.error'), { type: 'error' }),
      },
    );
  };
  const action = (to: string, icon: ReactNode, label: string) => (
    <Button size="small" startIcon={icon} component={Link} to={groupPath(g.id, to)}>
      {translate(`resources.courseGroups.actions.${label}`)}
    </Button>
  );
  return (
    <Stack direction="row" sx={{ my: 2, flexWrap: 'wrap', gap: 1 }} data-testid="group-actions">
      {g.canManage && (
        <>
          {action('edit', <Edit />, 'edit')}
          {action('create', <CreateNewFolder />, 'createChild')}
          {action('sort', <SwapVert />, 'sort')}
          {action('instructors/add', <GroupAdd />, 'instructorsAdd')}
          {action('students/add', <PersonAdd />, 'studentsAdd')}
          {action('instructors/remove', <GroupRemove />, 'instructorsRemove')}
        </>
      )}
      <Button size="small" startIcon={<Download />} href={callUrl(courseGroupCalls.export, { params: { id: g.id } })} download>
        {translate('resources.courseGroups.actions.export')}
      </Button>
      {g.canManage && (
        <Button size="small" color="error" startIcon={<Delete />} onClick={() => setConfirm(true)} disabled={removing}>
          {translate('resources.courseGroups.actions.delete')}
        </Button>
      )}
      <Confirm
        isOpen={confirm}
        title="resources.courseGroups.actions.delete"
        content={translate('resources.courseGroups.messages.confirmDelete', { label: g.label })}
        onConfirm={drop}
        onClose={() => setConfirm(false)}
      />
    </Stack>
  );
}

function GroupPage({ courseGroupId }: { courseGroupId: string }) {
  const translate = useTranslate();
  const { day } = useDates();
  const { record: g, isPending, error, refetch } = useShowContext<CourseGroupRecord>();
  return (
    <PageState isPending={isPending} error={error} refetch={refetch} notFound={<CourseNotFoundPage />} forbidden={<CourseForbiddenPage />}>
      {g && (
        <PageFrame title={g.label} back={g.parentId ? groupPath(g.parentId) : '/courses'}>
          <Parents g={g} />
          {(g.begin || g.end) && (
            <Typography color="text.secondary">
              {day(g.begin)} — {day(g.end)}
            </Typography>
          )}
          {g.description && (
            <Typography sx={{ my: 1, whiteSpace: 'pre-line' }} data-testid="group-description">
              {g.description}
            </Typography>
          )}
          {!g.canManage && (
            <Alert severity="info" sx={{ my: 1 }}>
              {translate('resources.courseGroups.messages.readOnly')}
            </Alert>
          )}
          <Actions g={g} />
          <CourseGroupTree courseGroupId={courseGroupId} />
        </PageFrame>
      )}
    </PageState>
  );
}

/** /courses/course-group/{courseGroupId}: the group as a tree of groups and courses, with its actions. */
export function CourseGroupShow() {
  const { courseGroupId = '' } = useParams();
  return (
    <ShowBase resource={courseGroups.name} id={courseGroupId} queryOptions={{ onError: () => undefined }}>
      <GroupPage courseGroupId={courseGroupId} />
    </ShowBase>
  );
}
