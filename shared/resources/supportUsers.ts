import { z } from 'zod';
import { supportCalls, type SupportUser } from '../calls/support';
import { defineResource } from './define';
import { fromListAnswer } from './paging';

/** An account found by Root's user search: react-admin's `id` is the account's. */
export const supportUserRecord = z.object({
  id: z.number(),
  accountId: z.number(),
  fullName: z.string(),
  eMail: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
});

const search = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** /courses/users (spec 1 §2.9, AdminPanelAccess): accounts by name or e-mail, paged on the server. Read only. */
export const supportUsers = defineResource({
  name: 'support-users',
  schema: { record: supportUserRecord, create: z.object({}) },
  rule: 'adminPanel',
  api: {
    conventions: 'calls',
    operations: {
      getList: {
        call: supportCalls.users,
        request: ({ filter, take, skip }) => ({ query: { search: search(filter.search), take, skip } }),
        response: (json) => {
          const page = fromListAnswer<SupportUser>(json);
          return { ...page, data: page.data.map((u) => ({ ...u, id: u.accountId })) };
        },
      },
    },
  },
  ui: {
    label: 'resources.support.users.title',
    fields: {
      fullName: { kind: 'text', label: 'resources.support.users.fullName' },
      eMail: { kind: 'text', label: 'resources.support.users.eMail' },
      role: { kind: 'text', label: 'resources.support.users.role' },
      lastLoginAt: { kind: 'dateTime', label: 'resources.support.users.lastLogin' },
    },
    list: {
      columns: [{ source: 'fullName', sortable: false }, { source: 'eMail', sortable: false }, { source: 'role', sortable: false }, { source: 'lastLoginAt', sortable: false }],
      filters: [{ source: 'search', op: 'param', alwaysOn: true, label: 'resources.support.users.search' }],
      perPage: 20,
    },
  },
});
