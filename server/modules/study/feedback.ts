import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FEEDBACK_TEXT_MAX, feedbackInput, surveyCalls } from '../../../shared/calls/study/survey.js';
import { currentUser } from '../../auth/context.js';
import { feedback } from '../../db/schema/index.js';
import { AppError, requestLang, zodFieldErrors } from '../../errors.js';
import { route } from '../../http/route.js';
import { registerMessages, translate } from '../../i18n/messages.js';
import { bodyInHandler } from './bodyInHandler.js';
import { loadNotFound, saveNotFound, studyContext, type StudyContext } from './context.js';

/** spec 3 §8.4 "Feedback" texts verbatim (English); Russian first. */
registerMessages({
  ru: {
    'feedback.saveFailed': 'Не удалось сохранить отзыв',
    'feedback.saved': 'Отзыв успешно сохранён',
    'feedback.disabled': 'Отзыв для этого упражнения не предусмотрен',
    'feedback.rating': 'Поставьте оценку от 1 до 5',
    'feedback.textTooLong': 'Введите данные менее {count} символов',
    'feedback.textTooLong_one': 'Введите данные менее {count} символа',
  },
  en: {
    'feedback.saveFailed': 'Failed to save feedback',
    'feedback.saved': 'Feedback has been successfully saved',
    'feedback.disabled': 'Feedback is not enabled for this exercise',
    'feedback.rating': 'Give a rating from 1 to 5',
    'feedback.textTooLong': 'Please enter data less than {count} characters',
    'feedback.textTooLong_one': 'Please enter data less than {count} character',
  },
});

/** The context, and 404 unless the exercise asks for feedback. */
async function feedbackContext(fastify: FastifyInstance, request: FastifyRequest, p: { courseId: string; exerciseId: string }, notFound: () => AppError): Promise<StudyContext> {
  const ctx = await studyContext(fastify.db, currentUser(request), p.courseId, p.exerciseId, notFound);
  if (!ctx.exercise.feedbackEnabled) throw new AppError(404, 'FeedbackDisabled', { title: 'feedback.disabled' });
  return ctx;
}

/**
 * A student's feedback on an exercise (spec 3 §7.4 feedback/save): a rating 1..5 and an optional
 * text, one per student, course and exercise (a new save replaces the old one). Saved only on
 * exercises with feedback enabled (404 otherwise); the read says whether it is (`enabled`), so
 * the final page of an exercise without a form makes no failing call.
 */
export function registerFeedbackRoutes(fastify: FastifyInstance): void {
  const db = fastify.db;

  // the body is checked after the 404s, with the call's own failure title
  route(fastify, bodyInHandler(surveyCalls.saveFeedback), async (request) => {
    const lang = requestLang(request);
    const ctx = await feedbackContext(fastify, request, request.params, saveNotFound);
    const parsed = feedbackInput.safeParse(request.body ?? {});
    if (!parsed.success) {
      const fields = zodFieldErrors(parsed.error, lang);
      if (fields.text) fields.text = translate(lang, 'feedback.textTooLong', { count: FEEDBACK_TEXT_MAX });
      throw new AppError(400, 'ValidationError', { title: 'feedback.saveFailed', fields });
    }
    const text = parsed.data.text?.trim() || null;
    await db
      .insert(feedback)
      .values({ accountId: ctx.user.accountId, courseId: ctx.course.id, exerciseId: ctx.exercise.id, rating: parsed.data.rating, text })
      .onConflictDoUpdate({ target: [feedback.accountId, feedback.courseId, feedback.exerciseId], set: { rating: parsed.data.rating, text, createdAt: new Date() } });
    return { message: translate(lang, 'feedback.saved') };
  });

  route(fastify, surveyCalls.feedback, async (request) => {
    const ctx = await studyContext(db, currentUser(request), request.params.courseId, request.params.exerciseId, loadNotFound);
    if (!ctx.exercise.feedbackEnabled) return { enabled: false, rating: null, text: null };
    const [row] = await db
      .select({ rating: feedback.rating, text: feedback.text })
      .from(feedback)
      .where(and(eq(feedback.accountId, ctx.user.accountId), eq(feedback.courseId, ctx.course.id), eq(feedback.exerciseId, ctx.exercise.id)));
    return { enabled: true, rating: row?.rating ?? null, text: row?.text ?? null };
  });
}
