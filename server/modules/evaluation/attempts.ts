import { and, eq, inArray, sql } from 'drizzle-orm';
import { sentLate } from '../study/answerClock.js';
import type { CheckedAnswer, EvaluationView, ExerciseToVerify, StudentAttempt } from '../../../shared/calls/evaluation.js';
import { ContentKind } from '../../../shared/enums.js';
import type { AuthUser } from '../../auth/context.js';
import type { Db } from '../../db/client.js';
import { accounts, answers, evaluations, exercises, lessons } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { parseIntId } from '../../resources/records.js';
import type { CourseAccess } from '../courses/access.js';
import { shownInCourse } from '../learning/availability.js';
import { needsManualCheck, questionSlides } from '../study/finish.js';
import { checkedStudents } from './lists.js';
import { shownQuestions, type ShownQuestion } from './shown.js';
import { rowsOf } from '../../db/rows.js';

export const exerciseNotFound = () => new AppError(404, 'ExerciseNotFound', { title: 'evaluation.exerciseNotFound' });

export type ExerciseRow = typeof exercises.$inferSelect;
type EvaluationRow = typeof evaluations.$inferSelect;

/** The exercise of the course's program that the course shows; 404 otherwise (also for a malformed id). */
export async function courseExercise(db: Db, access: CourseAccess, rawId: string | number): Promise<ExerciseRow> {
  const id = parseIntId(rawId);
  if (id === null) throw exerciseNotFound();
  const [row] = await db
    .select({ e: exercises })
    .from(exercises)
    .innerJoin(lessons, eq(lessons.id, exercises.lessonId))
    .where(and(eq(exercises.id, id), eq(exercises.programId, access.course.programId), shownInCourse(exercises.id, lessons.constraints, access.course.id)))
    .limit(1);
  if (!row) throw exerciseNotFound();
  return row.e;
}

/** An evaluation row as the checker sees it. */
export function evaluationView(row: EvaluationRow, evaluatorName: string | null): EvaluationView {
  return {
    status: row.status,
    body: row.body,
    scores: row.answerScores,
    score: row.score,
    evaluatedAt: row.evaluatedAt ? row.evaluatedAt.toISOString() : null,
    evaluatorName,
  };
}

/** The files a file answer names (value.files as saved: id, name, size), with their download address. */
function answerFiles(value: Record<string, unknown> | null): CheckedAnswer['files'] {
  const list = Array.isArray(value?.files) ? (value.files as { id: number; name: string; size: number }[]) : [];
  return list.map((f) => ({ id: Number(f.id), name: String(f.name), size: Number(f.size), address: `/api/files/${Number(f.id)}` }));
}

/**
 * The students' current attempts at the exercise — waiting for a check, evaluated, or both —
 * with every question slide's answer (files with their addresses) and the evaluation so far.
 * Students the caller does not check (a tutor's unassigned ones) are not listed.
 */
export async function exerciseAttempts(
  db: Db,
  user: AuthUser,
  access: CourseAccess,
  exercise: ExerciseRow,
  filter: 'waiting' | 'evaluated' | 'all',
  search?: string,
): Promise<ExerciseToVerify> {
  const waiting = sql`(p."status" = 3 and a."status" in ('finished', 'expired'))`;
  const evaluated = sql`(ev."status" = 'evaluated')`;
  const which = filter === 'waiting' ? waiting : filter === 'evaluated' ? evaluated : sql`(${waiting} or ${evaluated})`;
  const name = sql`trim(coalesce(s."last_name", '') || ' ' || coalesce(s."first_name", ''))`;
  const pattern = search ? `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const found = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select a."id" as "sessionId", s."id" as "studentId", ${name} as "studentName", s."email", a."attempt_no" as "attemptNo",
        a."finished_at" as "finishedAt", p."status" as "progressStatus", a."score", a."max_score" as "maxScore"
      from "exercise_progress" p
      join "attempts" a on a."id" = p."last_attempt_id"
      join "accounts" s on s."id" = p."account_id"
      join "enrolments" en on en."course_id" = p."course_id" and en."account_id" = p."account_id" and en."status" = 1
      left join "evaluations" ev on ev."attempt_id" = a."id"
      where p."course_id" = ${access.course.id} and p."exercise_id" = ${exercise.id} and ${which}
        and ${checkedStudents(user, sql`p."course_id"`, sql`p."account_id"`)}
        ${pattern ? sql`and (${name} ilike ${pattern} or s."email" ilike ${pattern})` : sql``}
      order by a."finished_at" asc nulls last, a."id"`),
  );
  const ids = found.map((r) => Number(r.sessionId));
  const slides = (await questionSlides(db, exercise.id)).filter((s) => s.contentKind !== ContentKind.attributes);
  const shown = found.length ? await shownQuestions(db, slides) : new Map<number, ShownQuestion>();
  const given = ids.length ? await db.select().from(answers).where(inArray(answers.attemptId, ids)) : [];
  const evals = ids.length
    ? await db
        .select({ ev: evaluations, first: accounts.firstName, last: accounts.lastName })
        .from(evaluations)
        .leftJoin(accounts, eq(accounts.id, evaluations.evaluatorId))
        .where(inArray(evaluations.attemptId, ids))
    : [];
  const evalOf = new Map(evals.map((e) => [e.ev.attemptId, evaluationView(e.ev, e.ev.evaluatorId ? `${e.last ?? ''} ${e.first ?? ''}`.trim() : null)]));
  const attempts: StudentAttempt[] = found.map((r) => {
    const sessionId = Number(r.sessionId);
    const mine = new Map(given.filter((g) => g.attemptId === sessionId).map((g) => [g.slideId, g]));
    return {
      sessionId,
      studentId: Number(r.studentId),
      studentName: String(r.studentName),
      email: String(r.email),
      attemptNo: Number(r.attemptNo),
      finishedAt: r.finishedAt ? new Date(r.finishedAt as string).toISOString() : null,
      progressStatus: Number(r.progressStatus),
      score: r.score === null ? null : Number(r.score),
      maxScore: r.maxScore === null ? null : Number(r.maxScore),
      evaluation: evalOf.get(sessionId) ?? null,
      answers: slides.map((s) => {
        const a = mine.get(s.id);
        const q = shown.get(s.id);
        return {
          slideId: s.id,
          label: s.label,
          question: q?.text ?? null,
          given: a && q ? q.given(a.value) : null,
          contentKind: s.contentKind,
          maxScore: s.maxScore,
          manual: a ? needsManualCheck(a) : false,
          answered: !!a,
          value: a?.value ?? null,
          files: answerFiles(a?.value ?? null),
          score: a?.score ?? null,
          sentLate: a ? sentLate(a) : null,
        };
      }),
    };
  });
  return { exercise: { id: exercise.id, label: exercise.label, lessonId: exercise.lessonId, courseId: access.course.id }, attempts };
}
