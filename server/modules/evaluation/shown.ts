import { asc, inArray } from 'drizzle-orm';
import type { GivenAnswer } from '../../../shared/calls/evaluation.js';
import type { Db } from '../../db/client.js';
import { closedQuestionOptions, closedQuestions, codeQuestions, freeQuestions, matchingOptions, matchingQuestions, matchingTargets, sequenceItems, sequenceQuestions, slides } from '../../db/schema/index.js';

type SlideRow = typeof slides.$inferSelect;

/** What the checker reads of one question slide: its text, and how to show a saved answer against it. */
export interface ShownQuestion {
  /** the question's text as the student saw it (sanitised HTML when stored), or null */
  text: string | null;
  /** the student's answer with the question's options, for the kinds scored automatically */
  given: (value: Record<string, unknown> | null) => GivenAnswer | null;
}

const ids = <K extends 'closedQuestionId' | 'freeQuestionId' | 'matchingQuestionId' | 'sequenceQuestionId' | 'codeQuestionId'>(qs: SlideRow[], col: K) =>
  [...new Set(qs.map((s) => s[col]).filter((v): v is number => v !== null))];
const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter(Number.isFinite) : []);

/**
 * The questions of an exercise's slides as the exercises check shows them (issue 27: not only the
 * title and «Автоматически: 1 из 1»): each one's text, and for choices, matching and sequences the
 * student's choice beside the options, each marked right or wrong. One read per bank, whatever the
 * number of attempts on the page.
 */
export async function shownQuestions(db: Db, qs: SlideRow[]): Promise<Map<number, ShownQuestion>> {
  const closed = ids(qs, 'closedQuestionId');
  const free = ids(qs, 'freeQuestionId');
  const matching = ids(qs, 'matchingQuestionId');
  const seq = ids(qs, 'sequenceQuestionId');
  const code = ids(qs, 'codeQuestionId');
  const texts = (rows: { id: number; text: string }[]) => new Map(rows.map((r) => [r.id, r.text]));
  const [closedTexts, options, freeTexts, matchingTexts, targets, pairs, seqTexts, items, codeTexts] = await Promise.all([
    closed.length ? db.select({ id: closedQuestions.id, text: closedQuestions.text }).from(closedQuestions).where(inArray(closedQuestions.id, closed)).then(texts) : new Map<number, string>(),
    closed.length
      ? db.select().from(closedQuestionOptions).where(inArray(closedQuestionOptions.questionId, closed)).orderBy(asc(closedQuestionOptions.sequence), asc(closedQuestionOptions.id))
      : [],
    free.length ? db.select({ id: freeQuestions.id, text: freeQuestions.text }).from(freeQuestions).where(inArray(freeQuestions.id, free)).then(texts) : new Map<number, string>(),
    matching.length ? db.select({ id: matchingQuestions.id, text: matchingQuestions.text }).from(matchingQuestions).where(inArray(matchingQuestions.id, matching)).then(texts) : new Map<number, string>(),
    matching.length ? db.select().from(matchingTargets).where(inArray(matchingTargets.questionId, matching)) : [],
    matching.length ? db.select().from(matchingOptions).where(inArray(matchingOptions.questionId, matching)).orderBy(asc(matchingOptions.sequence), asc(matchingOptions.id)) : [],
    seq.length ? db.select({ id: sequenceQuestions.id, text: sequenceQuestions.text }).from(sequenceQuestions).where(inArray(sequenceQuestions.id, seq)).then(texts) : new Map<number, string>(),
    seq.length ? db.select().from(sequenceItems).where(inArray(sequenceItems.questionId, seq)) : [],
    code.length ? db.select({ id: codeQuestions.id, text: codeQuestions.text }).from(codeQuestions).where(inArray(codeQuestions.id, code)).then(texts) : new Map<number, string>(),
  ]);
  const out = new Map<number, ShownQuestion>();
  for (const s of qs) {
    const own = 'html' in s.content && typeof s.content.html === 'string' && s.content.html.trim() ? s.content.html : null;
    if (s.closedQuestionId) {
      const opts = options.filter((o) => o.questionId === s.closedQuestionId);
      out.set(s.id, {
        text: closedTexts.get(s.closedQuestionId) || own,
        given: (v) => {
          const chosen = new Set(numbers(v?.optionIds));
          return { kind: 'choice', options: opts.map((o) => ({ text: o.text, chosen: chosen.has(o.id), correct: o.isCorrect })) };
        },
      });
    } else if (s.matchingQuestionId) {
      const opts = pairs.filter((o) => o.questionId === s.matchingQuestionId);
      const targetText = new Map(targets.filter((t) => t.questionId === s.matchingQuestionId).map((t) => [t.id, t.text]));
      out.set(s.id, {
        text: matchingTexts.get(s.matchingQuestionId) || own,
        given: (v) => {
          const saved = Array.isArray(v?.pairs) ? (v.pairs as { optionId: number; targetId: number | null }[]) : [];
          const targetOf = new Map(saved.map((p) => [Number(p.optionId), p.targetId === null ? null : Number(p.targetId)]));
          return {
            kind: 'matching',
            pairs: opts.map((o) => {
              const target = targetOf.get(o.id) ?? null;
              return { option: o.text, target: target === null ? null : (targetText.get(target) ?? null), correct: target === o.correctTargetId };
            }),
          };
        },
      });
    } else if (s.sequenceQuestionId) {
      const mine = items.filter((i) => i.questionId === s.sequenceQuestionId);
      const byId = new Map(mine.map((i) => [i.id, i]));
      out.set(s.id, {
        text: seqTexts.get(s.sequenceQuestionId) || own,
        given: (v) => {
          const order = numbers(v?.itemIds).filter((id) => byId.has(id));
          return { kind: 'sequence', items: order.map((id, place) => ({ text: byId.get(id)!.text, correct: byId.get(id)!.correctPosition === place })) };
        },
      });
    } else if (s.freeQuestionId) out.set(s.id, { text: freeTexts.get(s.freeQuestionId) || own, given: () => null });
    else if (s.codeQuestionId) out.set(s.id, { text: codeTexts.get(s.codeQuestionId) || own, given: () => null });
    else out.set(s.id, { text: own, given: () => null });
  }
  return out;
}
