import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { closedQuestionOptions, freeQuestions, matchingOptions, sequenceItems, slides } from '../../db/schema/index.js';

type SlideRow = typeof slides.$inferSelect;

/**
 * Correct answers of the question slides, for the final page's correct-answer preview
 * (shown only once no retake is left, so a retake cannot be passed by copying them).
 * Code, file and attribute questions have none.
 */
export async function correctAnswers(db: Db, qs: SlideRow[]): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>();
  const ids = (col: 'closedQuestionId' | 'freeQuestionId' | 'matchingQuestionId' | 'sequenceQuestionId') =>
    [...new Set(qs.map((s) => s[col]).filter((v): v is number => v !== null))];
  const closed = ids('closedQuestionId');
  const opts = closed.length ? await db.select().from(closedQuestionOptions).where(inArray(closedQuestionOptions.questionId, closed)) : [];
  const free = ids('freeQuestionId');
  const frees = free.length ? await db.select().from(freeQuestions).where(inArray(freeQuestions.id, free)) : [];
  const matching = ids('matchingQuestionId');
  const mopts = matching.length ? await db.select().from(matchingOptions).where(inArray(matchingOptions.questionId, matching)) : [];
  const seq = ids('sequenceQuestionId');
  const items = seq.length ? await db.select().from(sequenceItems).where(inArray(sequenceItems.questionId, seq)).orderBy(asc(sequenceItems.correctPosition), asc(sequenceItems.id)) : [];
  for (const s of qs) {
    if (s.closedQuestionId) out.set(s.id, { optionIds: opts.filter((o) => o.questionId === s.closedQuestionId && o.isCorrect).map((o) => o.id) });
    else if (s.freeQuestionId) {
      const q = frees.find((f) => f.id === s.freeQuestionId);
      if (q && q.correctValues.length) out.set(s.id, { values: q.correctValues });
    } else if (s.matchingQuestionId) {
      out.set(s.id, { pairs: mopts.filter((o) => o.questionId === s.matchingQuestionId).map((o) => ({ optionId: o.id, targetId: o.correctTargetId })) });
    } else if (s.sequenceQuestionId) out.set(s.id, { itemIds: items.filter((i) => i.questionId === s.sequenceQuestionId).map((i) => i.id) });
  }
  return out;
}
