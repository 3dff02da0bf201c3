import { useTranslate } from 'react-admin';
import { invitationResource } from '../../../shared/resources/invitations';
import { DeclaredCreate } from '../factory/DeclaredCreate';
import { DeclaredEdit } from '../factory/DeclaredEdit';
import { InvitationInputs } from './InvitationInputs';
import { INVITATION_PATHS } from './paths';

/** /courses/{courseId}/invitations/create; its save button says what it does. */
export function InvitationCreate() {
  const translate = useTranslate();
  return (
    <DeclaredCreate decl={invitationResource} paths={INVITATION_PATHS} saveLabel={translate('resources.invitations.create')}>
      <InvitationInputs />
    </DeclaredCreate>
  );
}

/** /courses/{courseId}/invitations/{invitationId}: the code and the last valid day. */
export function InvitationEdit() {
  return (
    <DeclaredEdit decl={invitationResource} paths={INVITATION_PATHS}>
      <InvitationInputs />
    </DeclaredEdit>
  );
}
