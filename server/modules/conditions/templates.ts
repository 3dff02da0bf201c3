import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conditionCalls as calls, type ConditionTemplateRecord, type SelectedTemplate, type TemplateCondition } from '../../../shared/calls/conditions.js';
import { PredicateKind } from '../../../shared/enums.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser, type AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { conditionTemplates, courses, exercises, predicates, programs } from '../../db/schema/index.js';
import { AppError, notFound, requestLang, validationError } from '../../errors.js';
import { route } from '../../http/route.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { loadCourse, myCourseIds, type CourseRow } from '../courses/access.js';
import { missingLinks, nextSequence, targetAllowed } from './conditions.js';
import { conditionRecords } from './records.js';

type TemplateRow = typeof conditionTemplates.$inferSelect;

const templateNotFound = () => notFound('TemplateNotFound', { title: 'conditions.templateNotFound' });
const conditionsOf = (row: TemplateRow) => ((row.payload as { conditions?: TemplateCondition[] }).conditions ?? []);

/** Templates a caller may use: Root every one; anyone else their own and those saved from a course they are staff of. */
function usableBy(user: AuthUser): SQL | undefined {
  if (user.role === 'Root') return undefined;
  return or(eq(conditionTemplates.createdBy, user.accountId), sql`${conditionTemplates.courseId} in ${myCourseIds(user)}`);
}

const base = (db: Db) =>
  db
    .select({ t: conditionTemplates, programLabel: programs.label, courseLabel: courses.label })
    .from(conditionTemplates)
    .leftJoin(programs, eq(programs.id, conditionTemplates.programId))
    .leftJoin(courses, eq(courses.id, conditionTemplates.courseId));

type Row = { t: TemplateRow; programLabel: string | null; courseLabel: string | null };

const toRecord = (r: Row): ConditionTemplateRecord => ({
  id: r.t.id,
  label: r.t.label,
  programId: r.t.programId,
  programLabel: r.programLabel,
  courseId: r.t.courseId,
  courseLabel: r.courseLabel,
  conditionsCount: conditionsOf(r.t).length,
  createdAt: r.t.createdAt.toISOString(),
});

/** Why each of the template's conditions cannot go to `course` (empty lists: it can); by the program's exercise ids. */
async function problemsFor(db: Db, user: AuthUser, r: Row, course: CourseRow, lang: Lang): Promise<{ all: string[]; each: string[][] }> {
  const each: string[][] = [];
  for (const c of conditionsOf(r.t)) {
    const list: string[] = [];
    const missing = await missingLinks(db, course.programId, c.exerciseIds, c.lessonIds);
    if (missing.exercises.length) list.push(translate(lang, 'conditions.problem.exercises', { label: c.label, ids: missing.exercises.join(', ') }));
    if (missing.lessons.length) list.push(translate(lang, 'conditions.problem.lessons', { label: c.label, ids: missing.lessons.join(', ') }));
    const target = (c.payload as { application?: string; targetCourseId?: number | null }) ?? {};
    if (c.kind === PredicateKind.application && target.application === 'enrolment' && !(await targetAllowed(db, user, course, target.targetCourseId))) {
      list.push(translate(lang, 'conditions.problem.target', { label: c.label }));
    }
    each.push(list);
  }
  const all = each.flat();
  // one clear reason first when the whole template is of another program
  if (r.t.programId !== course.programId && all.length) all.unshift(translate(lang, 'conditions.problem.program', { program: r.programLabel ?? '—' }));
  return { all, each };
}

/** The conditions templates (spec 3 §7.9 "Templates") and the course's own template calls (predicate templates, apply). */
export function registerTemplateRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  async function loadTemplate(user: AuthUser, raw: string): Promise<Row> {
    const id = parseIntId(raw);
    if (id === null) throw templateNotFound();
    const [row] = await base(db).where(and(eq(conditionTemplates.id, id), usableBy(user)));
    if (!row) throw templateNotFound();
    return row;
  }

  const list = async (user: AuthUser, programId?: number) =>
    (await base(db).where(and(usableBy(user), programId !== undefined ? eq(conditionTemplates.programId, programId) : undefined)).orderBy(desc(conditionTemplates.createdAt), desc(conditionTemplates.id))).map(toRecord);

  route(fastify, calls.createTemplate, async (request, reply) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const { course } = courseOf(request);
    const rows = await db.select().from(predicates).where(eq(predicates.courseId, course.id)).orderBy(asc(predicates.sequence), asc(predicates.id));
    const wanted = request.body.predicateIds;
    if (wanted) {
      const mine = new Set(rows.map((r) => r.id));
      const strangers = wanted.filter((id) => !mine.has(id));
      if (strangers.length) throw validationError({ predicateIds: translate(lang, 'conditions.notFound') });
    }
    const chosen = wanted ? rows.filter((r) => wanted.includes(r.id)) : rows;
    if (!chosen.length) throw validationError({ predicateIds: translate(lang, 'conditions.emptyTemplate') });
    const conditions: TemplateCondition[] = chosen.map((r) => ({
      kind: r.kind,
      label: r.label ?? '',
      eventType: r.eventType as TemplateCondition['eventType'],
      exerciseIds: r.exerciseIds,
      lessonIds: r.lessonIds,
      payload: r.payload,
    }));
    const [t] = await db
      .insert(conditionTemplates)
      .values({ label: request.body.label, payload: { conditions }, programId: course.programId, courseId: course.id, createdBy: user.accountId })
      .returning();
    const [row] = await base(db).where(eq(conditionTemplates.id, t.id));
    return reply.status(201).send(toRecord(row));
  });

  route(fastify, calls.allTemplates, async (request) => {
    const user = currentUser(request);
    const course = request.query.trainingId !== undefined ? await loadCourse(db, user, request.query.trainingId) : undefined;
    return list(user, course?.programId);
  });

  route(fastify, calls.selectedTemplate, async (request) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const r = await loadTemplate(user, request.params.templateId);
    const course = request.query.trainingId !== undefined ? await loadCourse(db, user, request.query.trainingId) : undefined;
    const problems = course ? (await problemsFor(db, user, r, course, lang)).each : [];
    const conditions = conditionsOf(r.t);
    const exIds = [...new Set(conditions.flatMap((c) => c.exerciseIds))];
    const labels = new Map((exIds.length ? await db.select({ id: exercises.id, label: exercises.label }).from(exercises).where(inArray(exercises.id, exIds)) : []).map((e) => [e.id, e.label]));
    const answer: SelectedTemplate = {
      ...toRecord(r),
      conditions: conditions.map((c, i) => ({
        ...c,
        exercises: c.exerciseIds.flatMap((id) => (labels.has(id) ? [{ id, label: labels.get(id)! }] : [])),
        problems: problems[i] ?? [],
      })),
    };
    return answer;
  });

  // the course's own: the templates of its program, and applying one
  route(fastify, calls.templates, async (request) => list(currentUser(request), courseOf(request).course.programId));

  route(fastify, calls.applyTemplate, async (request, reply) => {
    const user = currentUser(request);
    const lang = requestLang(request);
    const { course } = courseOf(request);
    const r = await loadTemplate(user, request.params.templateId);
    const { all } = await problemsFor(db, user, r, course, lang);
    if (all.length) {
      throw new AppError(400, 'TemplateNotApplicable', { title: 'conditions.notApplicable', vars: { course: course.label }, description: all.join('; '), extra: { problems: all } });
    }
    const created = await db.transaction(async (tx) => {
      let sequence = await nextSequence(tx as unknown as Db, course.id);
      const values = conditionsOf(r.t).map((c) => ({
        courseId: course.id,
        kind: c.kind,
        label: c.label,
        eventType: c.eventType,
        exerciseIds: c.exerciseIds,
        lessonIds: c.lessonIds,
        payload: c.payload,
        sequence: sequence++,
        createdBy: user.accountId,
      }));
      return values.length ? tx.insert(predicates).values(values).returning() : [];
    });
    return reply.status(201).send(await conditionRecords(db, created, lang));
  });
}
