import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attributeValues, courses, exerciseProgress, exercises, lessons } from '../../db/schema/index.js';
import { ExerciseAvailabilityRule, ExerciseProgressStatus } from '../../../shared/enums.js';
import { lessonConstraintsInput } from '../../../shared/programs.js';

/**
 * Exercise availability for one student in one course (spec 2 §4 rule 0/1/4/99, course
 * open/close dates, schedules that affect access, attribute constraints of the exercise and
 * of its lesson) — the one rule the course page, the exercise menu, NextExercise and every
 * study call (through the study context loader) apply. Course constraints (of the exercise or
 * its lesson) decide which exercises the course shows at all (`shownInCourse`).
 */

type CourseDates = Pick<typeof courses.$inferSelect, 'id' | 'programId' | 'open' | 'close'>;

export const DONE_STATUSES: readonly number[] = [ExerciseProgressStatus.completed, ExerciseProgressStatus.completedWithoutVerification];

/** Completed for the availability rules: 4, 5, or 3 when the exercise completes on submission for evaluation (condition 30). */
export function isDone(status: number, completionCondition: number): boolean {
  return DONE_STATUSES.includes(status) || (status === ExerciseProgressStatus.evaluation && completionCondition === 30);
}

/** The lesson shows in the course: its course constraints (`courseIds`) are empty or name the course. */
export function lessonShownInCourse(lessonConstraints: SQLWrapper, courseId: SQLWrapper | number): SQL {
  const ids = sql`(${lessonConstraints} -> 'courseIds')`;
  return sql`(case when jsonb_typeof(${ids}) = 'array' and jsonb_array_length(${ids}) > 0 then ${ids} @> jsonb_build_array(${courseId}::int) else true end)`;
}

/**
 * The exercise shows in the course: neither it (exercise training constraints) nor its lesson
 * is limited to other courses. The arguments are column references of the surrounding query.
 */
export function shownInCourse(exerciseId: SQLWrapper, lessonConstraints: SQLWrapper, courseId: SQLWrapper | number): SQL {
  return sql`((not exists (select 1 from "exercise_training_constraints" tc where tc."exercise_id" = ${exerciseId})
      or exists (select 1 from "exercise_training_constraints" tc where tc."exercise_id" = ${exerciseId} and tc."course_id" = ${courseId}))
    and ${lessonShownInCourse(lessonConstraints, courseId)})`;
}

export interface AttributeConstraint {
  attributeId: number;
  values: string[];
}

/** What decides one exercise's availability. */
export interface ExerciseFacts {
  id: number;
  lessonId: number;
  availabilityRule: number;
  completionCondition: number;
  /** the student's progress status (0 without a row) */
  status: number;
  /** windows of the schedules (of the exercise or its lesson) that affect access */
  windows: { begin: Date; end: Date | null }[];
  constraints: { union: string; attributes: AttributeConstraint[] };
  lessonConstraints: { union: string; attributes: AttributeConstraint[] };
}

export interface AvailabilityFacts {
  open: Date | null;
  close: Date | null;
  /** the exercises the course shows, in course order */
  exercises: ExerciseFacts[];
  /** the student's values of the constrained attributes (multi-values split on ';') */
  values: Map<number, string[]>;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const asJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The columns of an exercise's facts that are the same for every student of the course (all but the progress). */
const structureColumns = (course: CourseDates) => ({
  id: exercises.id,
  lessonId: exercises.lessonId,
  availabilityRule: exercises.availabilityRule,
  completionCondition: exercises.completionCondition,
  union: exercises.constraintUnion,
  lessonConstraints: lessons.constraints,
  windows: sql<unknown>`coalesce((select json_agg(json_build_object('begin', s."begin", 'end', s."end")) from "schedules" s
    where s."course_id" = ${course.id} and s."affects_access" and (s."exercise_id" = ${exercises.id} or s."lesson_id" = ${exercises.lessonId})), '[]'::json)`,
  constraints: sql<unknown>`coalesce((select json_agg(json_build_object('attributeId', c."attribute_id", 'values', c."values"))
    from "exercise_constraints" c where c."exercise_id" = ${exercises.id}), '[]'::json)`,
});
type StructureRow = { [K in keyof ReturnType<typeof structureColumns>]: unknown } & { id: number; lessonId: number; availabilityRule: number; completionCondition: number; union: string };

const structureOf = (r: StructureRow): Omit<ExerciseFacts, 'status'> => {
  const lesson = lessonConstraintsInput.safeParse(r.lessonConstraints ?? {});
  return {
    id: r.id,
    lessonId: r.lessonId,
    availabilityRule: r.availabilityRule,
    completionCondition: r.completionCondition,
    windows: asJson<{ begin: string; end: string | null }[]>(r.windows).map((w) => ({ begin: asDate(w.begin)!, end: asDate(w.end) })),
    constraints: { union: r.union, attributes: asJson<AttributeConstraint[]>(r.constraints) },
    lessonConstraints: lesson.success ? { union: lesson.data.union, attributes: lesson.data.attributes } : { union: 'and', attributes: [] },
  };
};

/** The attributes some exercise of the list (or its lesson) is constrained by. */
export const constrainedAttributes = (list: readonly Omit<ExerciseFacts, 'status'>[]): number[] => [
  ...new Set(list.flatMap((e) => [...e.constraints.attributes, ...e.lessonConstraints.attributes].map((c) => c.attributeId))),
];

/** Everything `availableExercises` needs, in one query (plus one for attribute values when a constraint exists). */
export async function availabilityFacts(db: Db, course: CourseDates, accountId: number): Promise<AvailabilityFacts> {
  const rows = await db
    .select({ ...structureColumns(course), status: sql<number>`coalesce(${exerciseProgress.status}, 0)` })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .leftJoin(exerciseProgress, and(eq(exerciseProgress.accountId, accountId), eq(exerciseProgress.courseId, course.id), eq(exerciseProgress.exerciseId, exercises.id)))
    .where(and(eq(exercises.programId, course.programId), shownInCourse(exercises.id, lessons.constraints, course.id)))
    .orderBy(asc(lessons.sequence), asc(lessons.id), asc(exercises.sequence), asc(exercises.id));

  const list: ExerciseFacts[] = rows.map((r) => ({ ...structureOf(r as StructureRow), status: Number(r.status) }));
  const attributeIds = constrainedAttributes(list);
  const values = new Map<number, string[]>();
  if (attributeIds.length) {
    const vals = await db
      .select({ attributeId: attributeValues.attributeId, value: attributeValues.value })
      .from(attributeValues)
      .where(and(eq(attributeValues.accountId, accountId), inArray(attributeValues.attributeId, attributeIds), sql`(${attributeValues.trainingId} is null or ${attributeValues.trainingId} = ${course.id})`));
    for (const v of vals) if (v.value !== null) values.set(v.attributeId, [...(values.get(v.attributeId) ?? []), ...v.value.split(';')]);
  }
  return { open: course.open, close: course.close, exercises: list, values };
}

/**
 * What `availabilityFacts` reads that is the same for every student of the course — the
 * exercises it shows, in course order, with their rules, schedule windows and constraints —
 * and each of those exercises' row. One query; a cache may keep it until the program or the
 * course's dates change.
 */
export async function courseStructure(db: Db, course: CourseDates) {
  const rows = await db
    .select({ ...structureColumns(course), row: exercises })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(and(eq(exercises.programId, course.programId), shownInCourse(exercises.id, lessons.constraints, course.id)))
    .orderBy(asc(lessons.sequence), asc(lessons.id), asc(exercises.sequence), asc(exercises.id));
  const list = rows.map((r) => structureOf(r as StructureRow));
  return { exercises: list, rows: new Map(rows.map((r) => [r.id, r.row])), attributeIds: constrainedAttributes(list) };
}
export type CourseStructure = Awaited<ReturnType<typeof courseStructure>>;

/**
 * The student's own part of the facts, in one query: enrolled and studying in the course, the
 * progress statuses of its exercises, and the values of the attributes in `attributeIds`.
 */
export async function studentStanding(db: Db, courseId: number, accountId: number, attributeIds: readonly number[]) {
  const values = attributeIds.length
    ? sql`coalesce((select json_agg(json_build_array(v."attribute_id", v."value")) from "attribute_values" v where v."account_id" = ${accountId}
        and v."attribute_id" in (${sql.join(attributeIds.map((id) => sql`${id}`), sql`, `)}) and (v."training_id" is null or v."training_id" = ${courseId})), '[]'::json)`
    : sql`'[]'::json`;
  const [row] = await db
    .select({
      enrolled: sql<boolean>`exists (select 1 from "enrolments" e where e."course_id" = ${courseId} and e."account_id" = ${accountId} and e."status" = 1)`,
      progress: sql<unknown>`coalesce((select json_agg(json_build_array(p."exercise_id", p."status")) from "exercise_progress" p where p."account_id" = ${accountId} and p."course_id" = ${courseId}), '[]'::json)`,
      values,
    })
    .from(sql`(select 1) as one`);
  const statuses = new Map(asJson<[number, number][]>(row.progress).map(([id, status]) => [Number(id), Number(status)]));
  const byAttribute = new Map<number, string[]>();
  for (const [id, value] of asJson<[number, string | null][]>(row.values)) if (value !== null) byAttribute.set(Number(id), [...(byAttribute.get(Number(id)) ?? []), ...value.split(';')]);
  return { enrolled: row.enrolled === true, statuses, values: byAttribute };
}

/** The facts of one student from the course's structure and the student's standing. */
export function factsOf(course: CourseDates, structure: CourseStructure, standing: Awaited<ReturnType<typeof studentStanding>>): AvailabilityFacts {
  return {
    open: course.open,
    close: course.close,
    exercises: structure.exercises.map((e) => ({ ...e, status: standing.statuses.get(e.id) ?? 0 })),
    values: standing.values,
  };
}

/** Attribute constraints: open only to students whose attribute holds one of the values ('and' = all, 'or' = any). */
function passes(c: ExerciseFacts['constraints'], values: Map<number, string[]>): boolean {
  if (c.attributes.length === 0) return true;
  const ok = (a: AttributeConstraint) => (values.get(a.attributeId) ?? []).some((v) => a.values.includes(v));
  return c.union === 'or' ? c.attributes.some(ok) : c.attributes.every(ok);
}

/** Closed by a schedule that affects access: outside its begin..end. */
const closedBySchedule = (e: ExerciseFacts, now: Date) => e.windows.some((w) => now < w.begin || (w.end !== null && now > w.end));

/** Ids of the exercises open to the student now. */
export function availableExercises(facts: AvailabilityFacts, now = new Date()): Set<number> {
  const courseOpen = !((facts.open && now < facts.open) || (facts.close && now > facts.close));
  const open = new Set<number>();
  let allPreviousDone = true;
  let previousDone = true;
  for (const e of facts.exercises) {
    let available: boolean;
    switch (e.availabilityRule) {
      case ExerciseAvailabilityRule.unavailable: available = false; break;
      case ExerciseAvailabilityRule.afterAllPrevious: available = allPreviousDone; break;
      case ExerciseAvailabilityRule.afterPrevious: available = previousDone; break;
      default: available = true;
    }
    // an exercise already started stays open to finish it
    if (e.status !== 0 && e.availabilityRule !== ExerciseAvailabilityRule.unavailable) available = true;
    if (available && courseOpen && !closedBySchedule(e, now) && passes(e.constraints, facts.values) && passes(e.lessonConstraints, facts.values)) open.add(e.id);
    const done = isDone(e.status, e.completionCondition);
    allPreviousDone = allPreviousDone && done;
    previousDone = done;
  }
  return open;
}

/** One exercise for one student now: not shown in the course, locked, or open. */
export async function exerciseAccess(db: Db, course: CourseDates, accountId: number, exerciseId: number, now = new Date()): Promise<'hidden' | 'locked' | 'open'> {
  return (await exerciseAccessUntil(db, course, accountId, exerciseId, now)).access;
}

/**
 * `exerciseAccess`, and the first instant after `now` at which time alone may change it (the
 * course's dates, a schedule window's begin or end; null: none) — how long a cache may keep it.
 */
export async function exerciseAccessUntil(db: Db, course: CourseDates, accountId: number, exerciseId: number, now = new Date()) {
  return accessUntil(await availabilityFacts(db, course, accountId), exerciseId, now);
}

/** `exerciseAccessUntil` from facts already read. */
export function accessUntil(facts: AvailabilityFacts, exerciseId: number, now = new Date()) {
  const access: 'hidden' | 'locked' | 'open' = !facts.exercises.some((e) => e.id === exerciseId) ? 'hidden' : availableExercises(facts, now).has(exerciseId) ? 'open' : 'locked';
  let until: Date | null = null;
  for (const t of [facts.open, facts.close, ...facts.exercises.flatMap((e) => e.windows.flatMap((w) => [w.begin, w.end]))]) {
    if (t && t > now && (!until || t < until)) until = t;
  }
  return { access, until };
}
