import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { createHttpClient } from '../http/fetchJson';
import { errorCodeOf } from '../http/errors';

/**
 * What is left of the learner's own HTTP helpers, used only by the exercise player
 * (src/learner/player) until it calls through src/http (callApi, useCall) too; then this file
 * goes. The learner pages call shared/calls/{catalogue,learning}.ts.
 */
const http = createHttpClient();

export async function getJson<T>(url: string): Promise<T> {
  return (await http(url)).json as T;
}

export async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const res = await http(url, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json as T;
}

export { errorCodeOf };

/** The server's text of a failed call (its Description, else Title), if it is a string. */
export function serverText(error: unknown): string | undefined {
  const e = error as { body?: { Title?: unknown; Description?: unknown } } | null;
  const t = e?.body?.Description ?? e?.body?.Title;
  return typeof t === 'string' && t ? t : undefined;
}

export function useApi<T>(key: readonly unknown[], url: string | null, options: Partial<UseQueryOptions<T>> = {}) {
  return useQuery<T>({ queryKey: ['learner', ...key], queryFn: () => getJson<T>(url!), enabled: url !== null, retry: false, ...options });
}

/** The exercise menu's lessons (learningCalls.lessons). */
export type { CourseLesson as Lesson } from '../../shared/learning';
