/** Closed (choice) questions and their answer options (spec 3 §7.8). */
import { z } from 'zod';
import { ChoiceMode } from '../enums';
import { messages as m } from '../resources/define';
import { courseId, itemText, label, MAX_OPTIONS, questionBase, text } from './common';

export const closedOptionInput = z.object({
  text: itemText,
  correct: z.boolean(m.type).default(false),
});
export type ClosedOptionInput = z.infer<typeof closedOptionInput>;

export const closedOptionRecord = z.object({
  id: z.number().int(),
  text: z.string(),
  correct: z.boolean(),
  /** 1-based position */
  sequence: z.number().int(),
});
export type ClosedOption = z.infer<typeof closedOptionRecord>;

const choiceMode = z.union([z.literal(ChoiceMode.checkbox), z.literal(ChoiceMode.radio)], m.type);

/**
 * Create/update of a closed question. `choiceMode` is derived from the options when it is
 * absent (several correct → checkbox, else radio); a radio question with several correct
 * options is refused. `options` (create only) adds the first answers in one call.
 */
const closedQuestionFields = z.object({
  label,
  text,
  courseId,
  choiceMode: choiceMode.optional(),
  options: z.array(closedOptionInput).max(MAX_OPTIONS, m.tooBig).optional(),
});
export const closedQuestionInput = closedQuestionFields
  .superRefine((v, ctx) => {
    const correct = (v.options ?? []).filter((o) => o.correct).length;
    if (v.choiceMode === ChoiceMode.radio && correct > 1) {
      ctx.addIssue({ code: 'custom', path: ['choiceMode'], message: 'questions.radioOneCorrect' });
    }
  });
export type ClosedQuestionInput = z.infer<typeof closedQuestionInput>;
/** PUT: the question's own fields (options have their own calls). */
export const closedQuestionUpdate = closedQuestionFields.omit({ options: true });
export type ClosedQuestionUpdate = z.infer<typeof closedQuestionUpdate>;

export const closedQuestionRecord = z.object({
  ...questionBase,
  choiceMode,
  options: z.array(closedOptionRecord),
});
export type ClosedQuestion = z.infer<typeof closedQuestionRecord>;

/** Several correct answers make a checkbox question, otherwise radio. */
export const deriveChoiceMode = (options: ReadonlyArray<{ correct: boolean }>): ChoiceMode =>
  options.filter((o) => o.correct).length > 1 ? ChoiceMode.checkbox : ChoiceMode.radio;
