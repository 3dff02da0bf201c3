import { z } from 'zod';
import { invitationCalls, invitationFormChecked, type InvitationListItem } from '../calls/invitations';
import { defineResource } from './define';
import { wholeList } from './wholeList';

export const invitationRecord = z.object({
  id: z.number(),
  code: z.string(),
  expiryDate: z.string().nullable(),
});

/** Invitation links of a course (/courses/{courseId}/invitations; spec 3 §7.3). */
export const invitationResource = defineResource({
  name: 'invitations',
  schema: { record: invitationRecord, create: invitationFormChecked },
  rule: 'staff',
  scope: ['courseId'],
  course: { read: 'invitations', write: 'invitations' },
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: invitationCalls.list,
        request: () => ({}),
        response: (json, req) => wholeList((json as InvitationListItem[]).map((i) => ({ ...i, id: i.invitationId })), req),
      },
      getOne: { call: invitationCalls.get },
      // the create call names its course in the body
      create: { call: invitationCalls.create, request: (data, scope) => ({ body: { ...data, trainingId: Number(scope.courseId) } }) },
      update: { call: invitationCalls.update },
      delete: { call: invitationCalls.remove, response: () => undefined },
    },
  },
  ui: {
    recordRepresentation: 'code',
    fields: { code: { kind: 'text' }, expiryDate: { kind: 'date' } },
    // newest first, as the server lists them
    list: { columns: [{ source: 'code' }, { source: 'expiryDate', sortable: true }], sort: { field: 'id', order: 'DESC' } },
    inputs: ['code', 'expiryDate'],
  },
});
