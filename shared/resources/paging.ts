import { z } from 'zod';
import type { ListAnswer } from '../account';
import { messages as m, type ListResult } from './define';

/** take/skip paging of the spec's lists (spec 3 §3). News and similar lists default to take 10 (spec 2 §9). */
export const DEFAULT_TAKE = 10;
export const MAX_TAKE = 100;

/** The query of a take/skip list call; the server validates with it, the client's paging transform produces it. */
export const takeSkipQuery = z.object({
  take: z.coerce.number(m.type).int(m.type).min(1, m.tooSmall).max(MAX_TAKE, m.tooBig).default(DEFAULT_TAKE),
  skip: z.coerce.number(m.type).int(m.type).min(0, m.tooSmall).max(1_000_000, m.tooBig).default(0),
});
export type TakeSkip = z.infer<typeof takeSkipQuery>;

/** A ListAnswer schema for a record schema (the server's response schema). */
export const listAnswerOf = <T extends z.ZodType>(item: T) =>
  z.object({ result: z.array(item), metadata: z.object({ filteredRecords: z.number().int() }) });

/** ListAnswer → react-admin's `{ data, total }`. */
export function fromListAnswer<R>(json: unknown): ListResult<R> {
  const answer = json as Partial<ListAnswer<R>> | null;
  if (!answer || !Array.isArray(answer.result)) throw new Error('Expected a list answer { result, metadata }');
  return { data: answer.result, total: answer.metadata?.filteredRecords ?? answer.result.length };
}

