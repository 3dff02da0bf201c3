/** Sequence questions: items in their correct order. */
import { z } from 'zod';
import { messages as m } from '../resources/define';
import { courseId, keptItem, label, MAX_SEQUENCE_ITEMS, questionBase, refineUniqueIds, text } from './common';

/** Items in the correct order. */
export const sequenceQuestionInput = z
  .object({
    label,
    text,
    courseId,
    items: z.array(keptItem).min(2, m.tooShort).max(MAX_SEQUENCE_ITEMS, m.tooBig),
  })
  .superRefine((v, ctx) => refineUniqueIds(v.items, 'items', ctx));
export type SequenceQuestionInput = z.infer<typeof sequenceQuestionInput>;

export const sequenceQuestionRecord = z.object({
  ...questionBase,
  items: z.array(z.object({ id: z.number().int(), text: z.string(), position: z.number().int() })),
});
export type SequenceQuestion = z.infer<typeof sequenceQuestionRecord>;
