import { Datagrid, FunctionField, useTranslate, type RaRecord } from 'react-admin';
import { useParams } from 'react-router-dom';
import { invitationResource } from '../../../shared/resources/invitations';
import { PageFrame } from '../../ui/PageFrame';
import { useDates } from '../../ui/dates';
import { DeclaredList, RowDeleteButton } from '../factory/DeclaredList';
import { editPath } from '../factory/paths';
import { InvitationLink } from './InvitationLink';
import { INVITATION_PATHS } from './paths';

const f = (field: string) => `resources.invitations.fields.${field}`;

/** /courses/{courseId}/invitations: the course's invitation links and how long they work; create, edit, delete. */
export function InvitationList() {
  const { courseId = '' } = useParams();
  const translate = useTranslate();
  const dates = useDates();
  return (
    <PageFrame title={translate('resources.invitations.name')} back={`/courses/${courseId}`} plain>
      <DeclaredList decl={invitationResource} paths={INVITATION_PATHS}>
        <Datagrid rowClick={(id) => editPath(invitationResource.name, INVITATION_PATHS, id, { courseId })} bulkActionButtons={false}>
          <FunctionField source="code" label={f('link')} sortable={false} sx={{ overflowWrap: 'anywhere' }} render={(r: RaRecord) => <InvitationLink code={String(r.code)} />} />
          <FunctionField source="expiryDate" label={f('expiryDate')} render={(r: RaRecord) => dates.day(r.expiryDate) || '—'} />
          <FunctionField label="" textAlign="right" render={() => <RowDeleteButton decl={invitationResource} />} />
        </Datagrid>
      </DeclaredList>
    </PageFrame>
  );
}
