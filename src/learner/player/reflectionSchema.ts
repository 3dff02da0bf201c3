import { z } from 'zod';
import { REFLECTION_TEXT_MAX, type ReflectionAnswer, type ReflectionQuestion } from '../../../shared/calls/study/survey';

/**
 * The reflection survey's validation (spec 2 §6): a required question needs a value, a text
 * answer its minimum number of characters (and at most the server's 2000), a choice at most
 * {maxAnswers} options. Form fields are named `q<id>`: a string for text, a list of option
 * ids for a choice.
 */
export type ReflectionValues = Record<string, string | number[]>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

export const fieldOf = (q: Pick<ReflectionQuestion, 'id'>) => `q${q.id}`;

function textRule(q: ReflectionQuestion, t: Translate) {
  return z.string().superRefine((raw, ctx) => {
    const value = raw.trim();
    if (!value) {
      if (q.required) ctx.addIssue({ code: 'custom', message: t('app.player.reflection.required') });
      return;
    }
    if (q.minChars && value.length < q.minChars) ctx.addIssue({ code: 'custom', message: t('app.player.reflection.minChars', { count: q.minChars }) });
    if (value.length > REFLECTION_TEXT_MAX) ctx.addIssue({ code: 'custom', message: t('app.player.reflection.tooLong', { count: REFLECTION_TEXT_MAX }) });
  });
}

function choiceRule(q: ReflectionQuestion, t: Translate) {
  return z.array(z.number()).superRefine((ids, ctx) => {
    if (q.required && ids.length === 0) ctx.addIssue({ code: 'custom', message: t('app.player.reflection.required') });
    if (q.maxAnswers && ids.length > q.maxAnswers) ctx.addIssue({ code: 'custom', message: t('app.player.reflection.maxAnswers', { count: q.maxAnswers }) });
  });
}

export function reflectionSchema(questions: ReflectionQuestion[], t: Translate) {
  return z.object(Object.fromEntries(questions.map((q) => [fieldOf(q), q.answerKind === 'choice' ? choiceRule(q, t) : textRule(q, t)])));
}

export const emptyValues = (questions: ReflectionQuestion[]): ReflectionValues =>
  Object.fromEntries(questions.map((q) => [fieldOf(q), q.answerKind === 'choice' ? [] : '']));

/** The call's body: answered questions only (an optional question left empty is skipped). */
export function toAnswers(questions: ReflectionQuestion[], values: ReflectionValues): ReflectionAnswer[] {
  const out: ReflectionAnswer[] = [];
  for (const q of questions) {
    const v = values[fieldOf(q)];
    if (q.answerKind === 'choice') {
      if (Array.isArray(v) && v.length) out.push({ questionId: q.id, optionIds: v });
    } else if (typeof v === 'string' && v.trim()) out.push({ questionId: q.id, text: v.trim() });
  }
  return out;
}

/** The server's field errors (`answers.{questionId}`) on the form's fields; others are left out. */
export function questionErrors(questions: ReflectionQuestion[], fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of questions) {
    const message = fields[`answers.${q.id}`];
    if (message) out[fieldOf(q)] = message;
  }
  return out;
}
