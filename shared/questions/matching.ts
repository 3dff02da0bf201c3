/** Matching questions: targets and options, each option matched to one target or to none. */
import { z } from 'zod';
import { messages as m } from '../resources/define';
import { courseId, keptItem, label, MAX_MATCH_OPTIONS, MAX_MATCH_TARGETS, questionBase, refineUniqueIds, text } from './common';

/**
 * Targets and options; each option names the target it matches by its index in `targets`
 * (null = a distractor). Items with an id are kept (answers refer to their ids), others added,
 * missing ones removed.
 */
export const matchingQuestionInput = z
  .object({
    label,
    text,
    courseId,
    targets: z.array(keptItem).min(1, m.required).max(MAX_MATCH_TARGETS, m.tooBig),
    options: z
      .array(keptItem.extend({ target: z.number(m.type).int(m.type).min(0, m.tooSmall).nullable().default(null) }))
      .min(1, m.required)
      .max(MAX_MATCH_OPTIONS, m.tooBig),
  })
  .superRefine((v, ctx) => {
    v.options.forEach((o, i) => {
      if (o.target !== null && o.target >= v.targets.length) ctx.addIssue({ code: 'custom', path: ['options', i, 'target'], message: 'questions.noSuchTarget' });
    });
    if (!v.options.some((o) => o.target !== null)) ctx.addIssue({ code: 'custom', path: ['options'], message: 'questions.matchNeedsPair' });
    refineUniqueIds(v.targets, 'targets', ctx);
    refineUniqueIds(v.options, 'options', ctx);
  });
export type MatchingQuestionInput = z.infer<typeof matchingQuestionInput>;

export const matchingQuestionRecord = z.object({
  ...questionBase,
  targets: z.array(z.object({ id: z.number().int(), text: z.string(), sequence: z.number().int() })),
  options: z.array(
    z.object({
      id: z.number().int(),
      text: z.string(),
      /** index of the matched target in `targets`, null = distractor */
      target: z.number().int().nullable(),
      targetId: z.number().int().nullable(),
      isCorrectAnswer: z.boolean(),
      sequence: z.number().int(),
    }),
  ),
});
export type MatchingQuestion = z.infer<typeof matchingQuestionRecord>;
