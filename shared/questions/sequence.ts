/** Sequence questions: items in their correct order. */
import { z } from 'zod';
import { messages as m } from '../resources/define';
import { courseId, itemText, label, MAX_SEQUENCE_ITEMS, optionalId, questionBase, text } from './common';

/** Items in the correct order. */
export const sequenceQuestionInput = z
  .object({
    label,
    text,
    courseId,
    items: z.array(z.object({ id: optionalId, text: itemText })).min(2, m.tooShort).max(MAX_SEQUENCE_ITEMS, m.tooBig),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.items.forEach((it, i) => {
      if (it.id === undefined) return;
      if (seen.has(it.id)) ctx.addIssue({ code: 'custom', path: ['items', i, 'id'], message: 'validation.invalid' });
      seen.add(it.id);
    });
  });
export type SequenceQuestionInput = z.infer<typeof sequenceQuestionInput>;

export const sequenceQuestionRecord = z.object({
  ...questionBase,
  items: z.array(z.object({ id: z.number().int(), text: z.string(), position: z.number().int() })),
});
export type SequenceQuestion = z.infer<typeof sequenceQuestionRecord>;
