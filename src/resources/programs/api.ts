import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { createHttpClient } from '../../http/fetchJson';
import { fillPath, type Identifier } from '../../../shared/resources/define';
import { programPaths as P, type AuthorRecord, type ExerciseInfo, type LessonConstraints, type LessonRecord, type ProgramView } from '../../../shared/programs';

/**
 * The calls of the program screens beyond react-admin's CRUD (spec 3 §7.6–7.7), as
 * react-query hooks. Paths come from shared/programs.ts, the same table the server uses.
 */
const http = createHttpClient();

export const apiPath = (path: string, params: Record<string, Identifier> = {}, query?: Record<string, string>) =>
  fillPath(path, params) + (query ? `?${new URLSearchParams(query)}` : '');

export async function apiGet<T>(path: string): Promise<T> {
  return (await http(path)).json as T;
}

export async function apiSend<T>(method: string, path: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await http(path, { method, body: body === undefined ? undefined : isForm ? body : JSON.stringify(body) });
  return res.json as T;
}

/** Query keys: everything of a program sits under ['programs', id] so one invalidation refreshes it. */
export const keys = {
  program: (id: Identifier) => ['programs', String(id)] as QueryKey,
  view: (id: Identifier) => ['programs', String(id), 'view'] as QueryKey,
  authors: (id: Identifier) => ['programs', String(id), 'authors'] as QueryKey,
  lesson: (programId: Identifier, lessonId: Identifier) => ['programs', String(programId), 'lesson', String(lessonId)] as QueryKey,
  exercise: (programId: Identifier, exerciseId: Identifier, part: string) => ['programs', String(programId), 'exercise', String(exerciseId), part] as QueryKey,
};

export const noRetryOn4xx = (count: number, error: unknown) => count < 2 && !((error as { status?: number }).status! >= 400);

export function useApiQuery<T>(key: QueryKey, path: string | null) {
  return useQuery<T>({ queryKey: key, queryFn: () => apiGet<T>(path!), enabled: path !== null, retry: noRetryOn4xx });
}

export const useProgramView = (programId: Identifier) => useApiQuery<ProgramView>(keys.view(programId), apiPath(P.view, { id: programId }));

export const useLesson = (programId: Identifier, lessonId: Identifier) =>
  useApiQuery<LessonRecord>(keys.lesson(programId, lessonId), apiPath(P.lessonView, { programId, lessonId }));

export const useExerciseInfo = (programId: Identifier, exerciseId: Identifier | undefined) =>
  useApiQuery<ExerciseInfo>(keys.exercise(programId, exerciseId ?? 0, 'info'), exerciseId ? apiPath(P.info, { programId, id: exerciseId }) : null);

export const useAuthors = (programId: Identifier) => useApiQuery<AuthorRecord[]>(keys.authors(programId), apiPath(P.authors, { id: programId }));

export const useLessonConstraints = (programId: Identifier, lessonId: Identifier) =>
  useApiQuery<LessonConstraints>([...keys.lesson(programId, lessonId), 'constraints'], apiPath(P.lessonConstraints, { programId, lessonId }));

/** A mutation that refreshes everything of the program afterwards. */
export function useProgramMutation<TVars, TResult = unknown>(programId: Identifier, fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation<TResult, unknown, TVars>({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: keys.program(programId) });
      await client.invalidateQueries({ queryKey: ['programs'], exact: false });
    },
  });
}

/** The spec error of a failed call: status, ErrorCode, texts and field errors. */
export interface ApiError {
  status?: number;
  message?: string;
  body?: { ErrorCode?: string; Title?: string; Description?: string; errors?: Record<string, string> } | null;
}
export const asApiError = (e: unknown) => (e ?? {}) as ApiError;
/** The most specific text of a failure (the Description names what is wrong). */
export const errorText = (e: unknown) => {
  const err = asApiError(e);
  return err.body?.Description || err.body?.Title || err.message || '';
};
