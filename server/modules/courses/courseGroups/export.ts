import { PassThrough } from 'node:stream';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseGroupCalls as calls } from '../../../../shared/calls/courseGroups.js';
import { currentUser } from '../../../auth/context.js';
import { courseGroupItems, courseGroups, courses, programs } from '../../../db/schema/index.js';
import { requestLang } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import { writeXlsx, xlsxFileName, XLSX_MIME, type SheetColumn } from '../../../jobs/xlsx.js';
import { visibleCourseIds } from '../access.js';
import { route } from '../../../http/route.js';
import { loadCourseGroup, subtreeGroupIds } from './access.js';

/** GET /api/instructors/trainings/export/sets/{id}: an Excel file of the courses in a group's subtree (a download). */
export function registerCourseGroupExportRoute(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.export, async (request, reply) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const t = (key: string) => translate(lang, `sets.export.${key}`);
    const group = await loadCourseGroup(db, user, request.params.id);
    const groupIds = await subtreeGroupIds(db, group.id);
    const groupRows = await db.select({ id: courseGroups.id, label: courseGroups.label, parentId: courseGroups.parentId }).from(courseGroups).where(inArray(courseGroups.id, groupIds));
    const byId = new Map(groupRows.map((s) => [s.id, s]));
    const pathOf = (id: number) => {
      const parts: string[] = [];
      for (let s = byId.get(id); s && parts.length < 50; s = s.parentId !== null ? byId.get(s.parentId) : undefined) parts.unshift(s.label);
      return parts.join(' / ');
    };
    const rows = await db
      .select({
        groupId: courseGroupItems.courseGroupId,
        id: courses.id,
        label: courses.label,
        programLabel: programs.label,
        begin: courses.begin,
        end: courses.end,
        open: courses.open,
        close: courses.close,
        joinMode: courses.joinMode,
        students: sql<number>`(select count(*)::int from "enrolments" e where e."course_id" = "courses"."id" and e."status" = 1)`,
        instructors: sql<string>`(select coalesce(string_agg(a."email", ', ' order by a."email"), '') from "course_instructors" ci join "accounts" a on a."id" = ci."account_id" where ci."course_id" = "courses"."id")`,
      })
      .from(courseGroupItems)
      .innerJoin(courses, eq(courses.id, courseGroupItems.courseId))
      .innerJoin(programs, eq(programs.id, courses.programId))
      .where(inArray(courseGroupItems.courseGroupId, groupIds))
      .orderBy(courseGroupItems.courseGroupId, courseGroupItems.sequence, courses.id);
    // the manager of the group exports all of it; others what they may open
    const allowed = group.canManage ? null : await visibleCourseIds(db, user, rows.map((r) => r.id));
    const visible = rows.filter((r) => !allowed || allowed.has(r.id));

    const stream = new PassThrough();
    const name = xlsxFileName(group.label);
    reply
      .type(XLSX_MIME)
      .header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('cache-control', 'no-store');
    const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
    const columns: SheetColumn<(typeof visible)[number]>[] = [
      { header: t('group'), width: 40, value: (r) => pathOf(r.groupId) },
      { header: t('courseId'), width: 10, value: (r) => r.id },
      { header: t('course'), width: 40, value: (r) => r.label },
      { header: t('program'), width: 30, value: (r) => r.programLabel },
      { header: t('begin'), width: 12, value: (r) => day(r.begin) },
      { header: t('end'), width: 12, value: (r) => day(r.end) },
      { header: t('open'), width: 12, value: (r) => day(r.open) },
      { header: t('close'), width: 12, value: (r) => day(r.close) },
      { header: t('joinMode'), width: 14, value: (r) => t(`joinMode.${r.joinMode}`) },
      { header: t('students'), width: 10, value: (r) => Number(r.students) },
      { header: t('instructors'), width: 50, value: (r) => r.instructors },
    ];
    writeXlsx(stream, [{ name: t('sheet'), columns, rows: visible }]).catch((err: unknown) => stream.destroy(err as Error));
    return reply.send(stream);
  });
}
