import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { crmExportCalls as calls, type CrmTarget } from '../../../shared/calls/crmExport.js';
import { TaskType } from '../../../shared/enums.js';
import { currentUser } from '../../auth/context.js';
import { courseOf } from '../../auth/courseScope.js';
import { requestLang } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import type { TaskContext } from '../../jobs/index.js';
import { rowsOf } from '../../db/rows.js';
import { studentScope } from '../courses/access.js';
import { authorAccess, batches } from '../journal/taskRun.js';
import { CRM_COLUMNS, crmAdapters, type CrmContact } from './adapters.js';
import './messages.js';

interface CrmPayload {
  lang: Lang;
  target: CrmTarget;
  groupId?: number;
}

interface ContactRow {
  account_id: number;
  last_name: string;
  first_name: string;
  middle_name: string | null;
  email: string;
  phone: string | null;
  group_label: string | null;
  status: number;
  joined_at: string | Date | null;
  progress: number;
  completed: boolean;
}

const BATCH = 1000;

/**
 * Task type 1 (CRM integration): the course's students (a tutor's: their own) as CRM contacts,
 * handed to the chosen adapter; the built-in ones write an xlsx or CSV file the queue offers.
 * The author is checked again when it runs (rights may have changed since it was queued).
 */
async function crmExport(ctx: TaskContext) {
  const p = ctx.task.params as unknown as CrmPayload;
  const lang: Lang = p.lang ?? 'ru';
  const adapter = crmAdapters[p.target] ?? crmAdapters.xlsx;
  const { access, author } = await authorAccess(ctx, 'showStudents', 'students');
  const scope = studentScope(access, author, sql`en."account_id"`);
  const where = sql`en."course_id" = ${access.course.id} ${p.groupId ? sql`and en."group_id" = ${p.groupId}` : sql``} ${scope ? sql`and ${scope}` : sql``}`;
  const [{ n }] = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as "n" from "enrolments" en where ${where}`));
  const rows = batches(ctx, n, BATCH, async (offset, size) =>
    rowsOf<ContactRow>(
      await ctx.db.execute(sql`select a."id" as "account_id", a."last_name", a."first_name", a."middle_name", a."email", a."phone", g."label" as "group_label",
          en."status", en."joined_at", en."progress", en."completed"
        from "enrolments" en join "accounts" a on a."id" = en."account_id" left join "groups" g on g."id" = en."group_id"
        where ${where} order by a."last_name", a."first_name", a."id" limit ${size} offset ${offset}`),
    ),
  );
  async function* contacts(): AsyncGenerator<CrmContact> {
    for await (const r of rows) {
      const status = translate(lang, `journal.enrolment.${r.status}`);
      yield {
        accountId: r.account_id,
        lastName: r.last_name,
        firstName: r.first_name,
        middleName: r.middle_name,
        email: r.email,
        phone: r.phone,
        group: r.group_label,
        status: status.startsWith('journal.') ? String(r.status) : status,
        joinedAt: r.joined_at === null ? null : new Date(r.joined_at).toISOString().slice(0, 10),
        progress: Math.round(Number(r.progress) * 1000) / 10,
        completed: r.completed,
      };
    }
  }
  const headers = Object.fromEntries(CRM_COLUMNS.map((k) => [k, translate(lang, `crm.col.${k}`)])) as Record<keyof CrmContact, string>;
  const outcome = await adapter.deliver(ctx, { course: { id: access.course.id, label: access.course.label }, headers, contacts: contacts() });
  ctx.count({ students: n });
  return outcome;
}

/** POST …/export-to-crm queues task type 1; the queue at /courses/{courseId}/export-to-crm/task-queue shows it. */
export const crmExportModule: FastifyPluginAsync = async (app) => {
  route(app, calls.start, async (request) => {
    const { course } = courseOf(request);
    const payload: CrmPayload = { lang: requestLang(request), ...request.body };
    await app.jobs.ready();
    const task = await app.db.transaction((tx) => app.jobs.enqueueTask(tx, { type: TaskType.crmIntegration, courseId: course.id, createdBy: currentUser(request).accountId, payload: payload as unknown as Record<string, unknown> }));
    return { taskId: task.id };
  });
  app.jobs.handle(TaskType.crmIntegration, crmExport);
};
