import { invitationResource } from '../../../shared/resources/invitations';
import { resourceFromDeclaration } from '../factory';
import { InvitationCreate, InvitationEdit } from './InvitationForms';
import { InvitationList } from './InvitationList';
import { INVITATION_PATHS } from './paths';

/** Invitation links of a course: the declared list, create (with a generated code) and edit. */
export const invitations = resourceFromDeclaration(invitationResource, { list: InvitationList, create: InvitationCreate, edit: InvitationEdit, paths: INVITATION_PATHS });
