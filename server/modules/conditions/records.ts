import { count, eq, inArray } from 'drizzle-orm';
import type { ConditionEvent, ConditionRecord } from '../../../shared/calls/conditions.js';
import { PredicateKind } from '../../../shared/enums.js';
import type { Db } from '../../db/client.js';
import { courses, exercises, lessons, predicateRuns, predicates } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { translate, type Lang } from '../../i18n/messages.js';
import { parseIntId } from '../../resources/records.js';
import { payloadOf, type PredicateRow } from './engine.js';

export const conditionNotFound = () => notFound('PredicateNotFound', { title: 'conditions.notFound' });

/** A condition of the course, or 404 (also for a malformed id or a condition of another course). */
export async function loadCondition(db: Db, courseId: number, raw: string | number): Promise<PredicateRow> {
  const id = parseIntId(raw);
  if (id === null) throw conditionNotFound();
  const [row] = await db.select().from(predicates).where(eq(predicates.id, id));
  if (!row || row.courseId !== courseId) throw conditionNotFound();
  return row;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));

/** Conditions as the API shows them: named links, the kind's fields, a one-line description and how often they fired. */
export async function conditionRecords(db: Db, rows: PredicateRow[], lang: Lang): Promise<ConditionRecord[]> {
  if (!rows.length) return [];
  const exIds = [...new Set(rows.flatMap((r) => r.exerciseIds))];
  const lessonIds = [...new Set(rows.flatMap((r) => r.lessonIds))];
  const targetIds = [...new Set(rows.map((r) => payloadOf(r).targetCourseId).filter((v): v is number => typeof v === 'number'))];
  const [exRows, lessonRows, targetRows, fired] = await Promise.all([
    exIds.length ? db.select({ id: exercises.id, label: exercises.label, lessonId: exercises.lessonId }).from(exercises).where(inArray(exercises.id, exIds)) : [],
    lessonIds.length ? db.select({ id: lessons.id, label: lessons.label }).from(lessons).where(inArray(lessons.id, lessonIds)) : [],
    targetIds.length ? db.select({ id: courses.id, label: courses.label }).from(courses).where(inArray(courses.id, targetIds)) : [],
    db.select({ id: predicateRuns.predicateId, n: count() }).from(predicateRuns).where(inArray(predicateRuns.predicateId, rows.map((r) => r.id))).groupBy(predicateRuns.predicateId),
  ]);
  const ex = byId(exRows);
  const ls = byId(lessonRows);
  const targets = byId(targetRows);
  const counts = new Map(fired.map((f) => [f.id, f.n]));
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, `conditions.${key}`, vars);

  return rows.map((r) => {
    const p = payloadOf(r);
    const linkedExercises = r.exerciseIds.flatMap((id) => (ex.has(id) ? [ex.get(id)!] : []));
    const linkedLessons = r.lessonIds.flatMap((id) => (ls.has(id) ? [ls.get(id)!] : []));
    const target = p.targetCourseId ? targets.get(p.targetCourseId) : undefined;
    const event = r.eventType as ConditionEvent;
    const names = [...linkedLessons.map((l) => l.label), ...linkedExercises.map((e) => e.label)].join(', ');
    const action =
      r.kind === PredicateKind.state ? t('action.state', { state: p.state ?? '' })
      : r.kind === PredicateKind.documentGeneration ? t('action.document', { title: p.title ?? '' })
      : p.application === 'expulsion' ? t(p.approve ? 'action.expulsionApproved' : 'action.expulsion')
      : t(p.approve ? 'action.enrolmentApproved' : 'action.enrolment', { course: target?.label ?? '—' });
    return {
      id: r.id,
      courseId: r.courseId,
      kind: r.kind,
      label: r.label ?? '',
      sequence: r.sequence,
      eventType: event,
      minScorePercent: p.minScorePercent ?? null,
      date: p.date ?? null,
      exerciseIds: r.exerciseIds,
      lessonIds: r.lessonIds,
      exercises: linkedExercises,
      lessons: linkedLessons,
      state: r.kind === PredicateKind.state ? (p.state ?? null) : null,
      application: r.kind === PredicateKind.application ? (p.application ?? null) : null,
      targetCourseId: r.kind === PredicateKind.application ? (p.targetCourseId ?? null) : null,
      targetCourseLabel: target?.label ?? null,
      approve: r.kind === PredicateKind.application ? !!p.approve : false,
      reason: r.kind === PredicateKind.application ? (p.reason ?? null) : null,
      title: r.kind === PredicateKind.documentGeneration ? (p.title ?? null) : null,
      description: t('when', { event: t(`event.${event}`, { exercises: names, min: p.minScorePercent ?? 0, date: p.date ?? '' }), action }),
      fired: counts.get(r.id) ?? 0,
      lastExecutedAt: r.lastExecutedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}
