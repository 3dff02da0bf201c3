import { and, asc, avg, count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { reflectionCalls as calls, type ExerciseFeedbackSummary, type StudentFeedbackRow } from '../../../shared/calls/reflection.js';
import { courseOf } from '../../auth/courseScope.js';
import { currentUser } from '../../auth/context.js';
import { accounts, feedback, lessons, reflectionAnswers, reflectionQuestions } from '../../db/schema/index.js';
import { route } from '../../http/route.js';
import { studentScope } from '../courses/access.js';
import { courseExercise, courseExercises } from '../visitJournal/access.js';

/**
 * What the students of a course said after its exercises (server/modules/study/feedback.ts and
 * reflection.ts write it): per exercise the feedback count, the mean rating and how many answered
 * the reflection survey; for one exercise each student's rating, text and reflection answers. A
 * tutor reads only their assigned students.
 */
export function registerFeedbackReader(fastify: FastifyInstance): void {
  const db = fastify.db;

  route(fastify, calls.courseFeedback, async (request): Promise<ExerciseFeedbackSummary[]> => {
    const access = courseOf(request);
    const user = currentUser(request);
    const course = access.course;
    const exercises = await courseExercises(db, course);
    if (!exercises.length) return [];
    const ids = exercises.map((e) => e.id);
    const [lessonRows, fb, qs, refl] = await Promise.all([
      db.select({ id: lessons.id, label: lessons.label }).from(lessons).where(eq(lessons.programId, course.programId)),
      db
        .select({ exerciseId: feedback.exerciseId, n: count(), mean: avg(feedback.rating) })
        .from(feedback)
        .where(and(eq(feedback.courseId, course.id), inArray(feedback.exerciseId, ids), studentScope(access, user, feedback.accountId)))
        .groupBy(feedback.exerciseId),
      db.select({ exerciseId: reflectionQuestions.exerciseId, n: count() }).from(reflectionQuestions).where(inArray(reflectionQuestions.exerciseId, ids)).groupBy(reflectionQuestions.exerciseId),
      db
        .select({ exerciseId: reflectionQuestions.exerciseId, n: countDistinct(reflectionAnswers.accountId) })
        .from(reflectionAnswers)
        .innerJoin(reflectionQuestions, eq(reflectionQuestions.id, reflectionAnswers.questionId))
        .where(and(eq(reflectionAnswers.courseId, course.id), inArray(reflectionQuestions.exerciseId, ids), studentScope(access, user, reflectionAnswers.accountId)))
        .groupBy(reflectionQuestions.exerciseId),
    ]);
    return exercises.map((e) => {
      const f = fb.find((r) => r.exerciseId === e.id);
      return {
        exerciseId: e.id,
        label: e.label,
        lessonId: e.lessonId,
        lessonLabel: lessonRows.find((l) => l.id === e.lessonId)?.label ?? '',
        feedbackEnabled: e.feedbackEnabled,
        feedback: Number(f?.n ?? 0),
        averageRating: f?.mean != null ? Math.round(Number(f.mean) * 100) / 100 : null,
        questions: Number(qs.find((r) => r.exerciseId === e.id)?.n ?? 0),
        reflections: Number(refl.find((r) => r.exerciseId === e.id)?.n ?? 0),
      };
    });
  });

  route(fastify, calls.exerciseFeedback, async (request) => {
    const access = courseOf(request);
    const user = currentUser(request);
    const course = access.course;
    const exercise = await courseExercise(db, course, request.params.exerciseId);
    const questions = await db
      .select()
      .from(reflectionQuestions)
      .where(eq(reflectionQuestions.exerciseId, exercise.id))
      .orderBy(asc(reflectionQuestions.sequence), asc(reflectionQuestions.id));
    const said = sql`${accounts.id} in (select f."account_id" from "feedback" f where f."course_id" = ${course.id} and f."exercise_id" = ${exercise.id}
      union select ra."account_id" from "reflection_answers" ra join "reflection_questions" q on q."id" = ra."question_id" where ra."course_id" = ${course.id} and q."exercise_id" = ${exercise.id})`;
    const where = and(said, studentScope(access, user, accounts.id));
    const [{ total }] = await db.select({ total: count() }).from(accounts).where(where);
    const students = await db
      .select({ studentId: accounts.id, firstName: accounts.firstName, lastName: accounts.lastName, email: accounts.email })
      .from(accounts)
      .where(where)
      .orderBy(asc(accounts.lastName), asc(accounts.firstName), asc(accounts.id))
      .limit(request.query.take)
      .offset(request.query.skip);
    const ids = students.map((s) => s.studentId);
    const [fb, answers] = ids.length
      ? await Promise.all([
          db.select().from(feedback).where(and(eq(feedback.courseId, course.id), eq(feedback.exerciseId, exercise.id), inArray(feedback.accountId, ids))),
          questions.length
            ? db
                .select()
                .from(reflectionAnswers)
                .where(and(eq(reflectionAnswers.courseId, course.id), inArray(reflectionAnswers.accountId, ids), inArray(reflectionAnswers.questionId, questions.map((q) => q.id))))
            : Promise.resolve([]),
        ])
      : [[], []];
    const result: StudentFeedbackRow[] = students.map((s) => {
      const f = fb.find((r) => r.accountId === s.studentId);
      const mine: StudentFeedbackRow['answers'] = {};
      for (const a of answers.filter((r) => r.accountId === s.studentId)) {
        const q = questions.find((x) => x.id === a.questionId)!;
        mine[String(q.id)] = a.value.optionIds ? { options: a.value.optionIds.map((id) => q.options.find((o) => o.id === id)?.text ?? `#${id}`) } : { text: a.value.text ?? '' };
      }
      return { ...s, rating: f?.rating ?? null, text: f?.text ?? null, feedbackAt: f ? f.createdAt.toISOString() : null, answers: mine };
    });
    return {
      exercise: { id: exercise.id, label: exercise.label, feedbackEnabled: exercise.feedbackEnabled },
      questions: questions.map((q) => ({ id: q.id, text: q.text, answerKind: q.answerKind })),
      result,
      metadata: { filteredRecords: total },
    };
  });
}
