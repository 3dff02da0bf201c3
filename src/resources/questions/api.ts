import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createHttpClient } from '../../http/fetchJson';
import type { ListAnswer } from '../../../shared/account';
import { fillPath, type Identifier } from '../../../shared/resources/define';
import { questionPaths as P, type QuestionKind, type WhereUsed } from '../../../shared/questions';

/**
 * The question-bank calls (spec 3 §7.8) as react-query hooks; paths from
 * shared/questions.ts, the same table the server serves.
 */
const http = createHttpClient();

export const apiPath = (path: string, params: Record<string, Identifier> = {}, query?: Record<string, string>) =>
  fillPath(path, params) + (query && Object.keys(query).length ? `?${new URLSearchParams(query)}` : '');

export async function apiGet<T>(path: string): Promise<T> {
  return (await http(path)).json as T;
}

export async function apiSend<T>(method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await http(path, { method, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body) });
  return res.json as T;
}

/** Everything of the banks sits under ['questions'] so one invalidation refreshes it. */
export const keys = {
  all: ['questions'] as QueryKey,
  list: (kind: QuestionKind, query: Record<string, string>) => ['questions', kind, 'list', query] as QueryKey,
  one: (kind: QuestionKind, id: Identifier) => ['questions', kind, String(id)] as QueryKey,
  used: (kind: QuestionKind, id: Identifier) => ['questions', kind, String(id), 'used'] as QueryKey,
};

export const noRetryOn4xx = (count: number, error: unknown) => count < 2 && !((error as { status?: number }).status! >= 400);

/** The list and edit calls of each kind. */
export const bankPaths: Record<QuestionKind, { list: string; one: string; drop: string; route: string }> = {
  closed: { list: P.closed.list, one: P.closed.edit, drop: P.closed.drop, route: 'closed-questions' },
  free: { list: P.free.list, one: P.free.edit, drop: P.free.drop, route: 'free-questions' },
  matching: { list: P.matching.list, one: P.matching.edit, drop: P.matching.drop, route: 'matching-questions' },
  sequence: { list: P.sequence.list, one: P.sequence.edit, drop: P.sequence.drop, route: 'sequence-questions' },
  code: { list: P.code.list, one: P.code.edit, drop: P.code.drop, route: 'code-questions' },
};

export function useQuestionList<T>(kind: QuestionKind, query: Record<string, string>) {
  return useQuery({
    queryKey: keys.list(kind, query),
    queryFn: () => apiSend<ListAnswer<T>>('POST', apiPath(bankPaths[kind].list, {}, query)),
    retry: noRetryOn4xx,
  });
}

export function useQuestion<T>(kind: QuestionKind, id: Identifier | undefined) {
  return useQuery({
    queryKey: keys.one(kind, id ?? 0),
    queryFn: () => apiGet<T>(apiPath(bankPaths[kind].one, { id: id! })),
    enabled: id !== undefined,
    retry: noRetryOn4xx,
  });
}

export function useWhereUsed(kind: QuestionKind, id: Identifier, enabled: boolean) {
  return useQuery({
    queryKey: keys.used(kind, id),
    queryFn: () => apiGet<WhereUsed>(apiPath(P.used, { id }, { type: kind })),
    enabled,
    retry: noRetryOn4xx,
  });
}

/** The programs a question may belong to ([{ id, label }]). */
export function usePrograms() {
  return useQuery({
    queryKey: ['questions', 'programs'],
    queryFn: () => apiGet<{ id: number; label: string }[]>('/api/instructors/courses'),
    retry: noRetryOn4xx,
    staleTime: 60_000,
  });
}

/** A mutation that refreshes every bank afterwards. */
export function useBankMutation<TVars, TResult = unknown>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation<TResult, unknown, TVars>({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The spec error of a failed call: status, ErrorCode, texts and field errors. */
export interface ApiError {
  status?: number;
  message?: string;
  body?: { ErrorCode?: string; Title?: string; Description?: string; errors?: Record<string, string>; rows?: { row: number; messages: string[] }[] } | null;
}
export const asApiError = (e: unknown) => (e ?? {}) as ApiError;
/** The most specific text of a failure. */
export const errorText = (e: unknown) => {
  const err = asApiError(e);
  return err.body?.Description || err.body?.Title || err.message || '';
};
