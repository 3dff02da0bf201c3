import GroupAdd from '@mui/icons-material/GroupAdd';
import { IconButton } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, NumberField, TextField, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { groupCalls } from '../../../shared/calls/groups';
import { groupResource } from '../../../shared/resources/groups';
import { callApi } from '../../http/client';
import { EmailListDialog } from '../../ui/EmailListDialog';
import { PageFrame } from '../../ui/PageFrame';
import { DeclaredList, RowDeleteButton } from '../factory/DeclaredList';
import { editPath, fillRoute } from '../factory/paths';
import { STUDENT_PATHS } from '../students/paths';
import { GROUP_PATHS } from './paths';

const f = (field: string) => `resources.groups.fields.${field}`;

/** Moves students (by e-mail) into the row's group. */
function IncludeButton({ courseId }: { courseId: string }) {
  const group = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!group) return null;
  return (
    <>
      <IconButton aria-label={translate('resources.groups.include')} onClick={(e) => { e.stopPropagation(); setOpen(true); }}><GroupAdd /></IconButton>
      <EmailListDialog
        open={open}
        title={translate('resources.groups.include')}
        onClose={() => setOpen(false)}
        onSubmit={async (emails) => {
          const r = await callApi(groupCalls.include, { params: { courseId }, body: { groupId: Number(group.id), emails } });
          refresh();
          notify(translate('resources.course-students.included', { count: r.included }), { type: 'success' });
          if (r.notFound.length) return translate('resources.course-students.notFoundEmails', { emails: r.notFound.join(', ') });
        }}
      />
    </>
  );
}

/** /courses/{courseId}/student-management/groups: the course's groups; create, edit (name, lead), add students, delete. */
export function GroupList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  return (
    <PageFrame title={translate('resources.groups.name')} back={fillRoute(STUDENT_PATHS.list, { courseId })} plain>
      <DeclaredList decl={groupResource} paths={GROUP_PATHS}>
        <Datagrid rowClick={(id) => editPath(groupResource.name, GROUP_PATHS, id, { courseId })} bulkActionButtons={false}>
          <TextField source="label" label={f('label')} />
          <FunctionField source="leadName" label={f('leadName')} sortable={false} render={(g: RaRecord) => g.leadName ?? '—'} />
          <NumberField source="studentsCount" label={f('studentsCount')} />
          <FunctionField label="" textAlign="right" render={() => (<><IncludeButton courseId={courseId} /><RowDeleteButton decl={groupResource} /></>)} />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
