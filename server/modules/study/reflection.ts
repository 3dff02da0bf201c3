import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { REFLECTION_TEXT_MAX, reflectionInput, surveyCalls, type Reflection } from '../../../shared/calls/study/survey.js';
import { currentUser } from '../../auth/context.js';
import { reflectionAnswers, reflectionQuestions } from '../../db/schema/index.js';
import { AppError, requestLang, zodFieldErrors } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate, type Lang } from '../../i18n/messages.js';
import { latestAttempt } from './attempts.js';
import { bodyInHandler } from './bodyInHandler.js';
import { loadNotFound, saveNotFound, studyContext } from './context.js';

registerMessages({
  ru: {
    'reflection.saveFailed': 'Не удалось сохранить ответы на вопросы рефлексии',
    'reflection.saved': 'Ответы успешно сохранены',
    'reflection.required': 'Обязательное поле',
    'reflection.minChars': 'Введите не менее {count} символов',
    'reflection.minChars_one': 'Введите не менее {count} символа',
    'reflection.tooLong': 'Введите данные менее {count} символов',
    'reflection.tooLong_one': 'Введите данные менее {count} символа',
    'reflection.maxAnswers': 'Можно выбрать не более {count} вариантов',
    'reflection.maxAnswers_one': 'Можно выбрать не более {count} варианта',
    'reflection.invalidOption': 'Такого варианта ответа нет',
    'reflection.unknownQuestion': 'Такого вопроса в упражнении нет',
    'reflection.duplicate': 'Ответ на вопрос передан дважды',
    'reflection.textExpected': 'Ожидается текстовый ответ',
    'reflection.choiceExpected': 'Ожидается выбор вариантов',
    'reflection.empty': 'Ответьте хотя бы на один вопрос',
  },
  en: {
    'reflection.saveFailed': 'Failed to save the reflection answers',
    'reflection.saved': 'The answers have been successfully saved',
    'reflection.required': 'Required field',
    'reflection.minChars': 'Please enter at least {count} characters',
    'reflection.minChars_one': 'Please enter at least {count} character',
    'reflection.tooLong': 'Please enter data less than {count} characters',
    'reflection.tooLong_one': 'Please enter data less than {count} character',
    'reflection.maxAnswers': 'You can choose no more than {count} options',
    'reflection.maxAnswers_one': 'You can choose no more than {count} option',
    'reflection.invalidOption': 'There is no such answer option',
    'reflection.unknownQuestion': 'There is no such question in this exercise',
    'reflection.duplicate': 'The question is answered twice',
    'reflection.textExpected': 'A text answer is expected',
    'reflection.choiceExpected': 'A choice of options is expected',
    'reflection.empty': 'Answer at least one question',
  },
});

type QuestionRow = typeof reflectionQuestions.$inferSelect;
type Value = { text: string } | { optionIds: number[] };

type Answer = z.infer<typeof reflectionInput>['answers'][number];

/**
 * Checks every answer against its question (spec 2 §6 "Survey reflection": required value,
 * minimum characters, maximum options) and gives the values to store, or the field errors keyed
 * `answers.{questionId}` (`answers` for the form as a whole).
 */
export function checkReflection(questions: QuestionRow[], answers: Answer[], lang: Lang): { values: Map<number, Value>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const values = new Map<number, Value>();
  const byId = new Map(questions.map((q) => [q.id, q]));
  const seen = new Set<number>();
  const fail = (id: number, key: string, vars?: Record<string, number>) => {
    errors[`answers.${id}`] ??= translate(lang, key, vars);
  };
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) {
      fail(a.questionId, 'reflection.unknownQuestion');
      continue;
    }
    if (seen.has(q.id)) {
      fail(q.id, 'reflection.duplicate');
      continue;
    }
    seen.add(q.id);
    if (q.answerKind === 'text') {
      if (a.optionIds?.length) {
        fail(q.id, 'reflection.textExpected');
        continue;
      }
      const text = (a.text ?? '').trim();
      if (!text) continue; // an empty answer: checked below as a missing one
      if (q.minChars && text.length < q.minChars) fail(q.id, 'reflection.minChars', { count: q.minChars });
      else if (text.length > REFLECTION_TEXT_MAX) fail(q.id, 'reflection.tooLong', { count: REFLECTION_TEXT_MAX });
      else values.set(q.id, { text });
    } else {
      if (a.text?.trim()) {
        fail(q.id, 'reflection.choiceExpected');
        continue;
      }
      const ids = [...new Set(a.optionIds ?? [])];
      if (!ids.length) continue;
      const known = new Set(q.options.map((o) => o.id));
      if (ids.some((id) => !known.has(id))) fail(q.id, 'reflection.invalidOption');
      else if (q.maxAnswers && ids.length > q.maxAnswers) fail(q.id, 'reflection.maxAnswers', { count: q.maxAnswers });
      else values.set(q.id, { optionIds: ids });
    }
  }
  for (const q of questions) if (q.required && !values.has(q.id)) fail(q.id, 'reflection.required');
  if (!Object.keys(errors).length && !values.size) errors.answers = translate(lang, 'reflection.empty');
  return { values, errors };
}

/**
 * The reflection survey after an exercise (spec 3 §7.4 reflectionQuestion / reflectionAnswers).
 * `answered` tells the player whether the student has already submitted the survey in this course
 * (a submission stores at least one answer), so the modal opens only once. A submission is checked
 * as a whole and stored all-or-nothing; answers are kept per question, student and course (a new
 * submission replaces them) and linked to the student's latest attempt of the exercise.
 */
export function registerReflectionRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;
  const questionsOf = (exerciseId: number) =>
    db.select().from(reflectionQuestions).where(eq(reflectionQuestions.exerciseId, exerciseId)).orderBy(asc(reflectionQuestions.sequence), asc(reflectionQuestions.id));

  route(fastify, surveyCalls.reflection, async (request): Promise<Reflection> => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    const questions = await questionsOf(ctx.exercise.id);
    const given = questions.length
      ? await db
          .select({ questionId: reflectionAnswers.questionId, value: reflectionAnswers.value })
          .from(reflectionAnswers)
          .where(
            and(
              inArray(reflectionAnswers.questionId, questions.map((q) => q.id)),
              eq(reflectionAnswers.accountId, ctx.user.accountId),
              eq(reflectionAnswers.courseId, ctx.course.id),
            ),
          )
      : [];
    const byQuestion = new Map(given.map((g) => [g.questionId, g.value]));
    return {
      questions: questions.map((q) => ({
        id: q.id,
        text: q.text,
        answerKind: q.answerKind,
        required: q.required,
        minChars: q.minChars,
        maxAnswers: q.maxAnswers,
        options: q.options.map((o) => ({ id: o.id, text: o.text })),
        answer: byQuestion.get(q.id) ?? null,
      })),
      answered: given.length > 0,
    };
  });

  // the body is checked after the 404s, with the call's own failure title
  route(fastify, bodyInHandler(surveyCalls.saveReflection), async (request) => {
    const lang = requestLang(request);
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, saveNotFound);
    const parsed = reflectionInput.safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError(400, 'ValidationError', { title: 'reflection.saveFailed', fields: zodFieldErrors(parsed.error, lang) });
    const questions = await questionsOf(ctx.exercise.id);
    const { values, errors } = checkReflection(questions, parsed.data.answers, lang);
    if (Object.keys(errors).length) throw new AppError(400, 'ValidationError', { title: 'reflection.saveFailed', fields: errors });
    const attempt = await latestAttempt(db, ctx);
    await db.transaction(async (tx) => {
      for (const [questionId, value] of values) {
        await tx
          .insert(reflectionAnswers)
          .values({ questionId, accountId: ctx.user.accountId, courseId: ctx.course.id, attemptId: attempt?.id ?? null, value })
          .onConflictDoUpdate({
            target: [reflectionAnswers.questionId, reflectionAnswers.accountId, reflectionAnswers.courseId],
            set: { value, attemptId: attempt?.id ?? null, createdAt: new Date() },
          });
      }
    });
    return { message: translate(lang, 'reflection.saved') };
  });
}
