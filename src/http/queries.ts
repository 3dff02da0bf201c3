import { useInfiniteQuery, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListAnswer } from '../../shared/account';
import type { CallArgs, CallSpec, ResponseOf, Returns } from '../../shared/http/call';
import { callApi } from './client';

/** The cache key of a read: the call, then its arguments (so `callKey(call)` alone matches every read of it). */
export const callKey = <C extends CallSpec>(call: C, args?: CallArgs<C>) => (args === undefined ? [call.method, call.path] : [call.method, call.path, args]);

/** No retries for answers the server meant (4xx); a couple for the rest. */
export const retryUnless4xx = (count: number, error: unknown) => count < 2 && !(((error as { status?: number }).status ?? 0) >= 400);

/**
 * A read through react-query. `args: null` waits (e.g. for an id still loading).
 */
export function useCall<C extends CallSpec>(
  call: C,
  args: CallArgs<C> | null,
  options: Omit<Partial<UseQueryOptions<ResponseOf<C>>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<ResponseOf<C>>({
    queryKey: callKey(call, args ?? undefined),
    queryFn: () => (callApi as (c: C, a?: CallArgs<C>) => Promise<ResponseOf<C>>)(call, args ?? undefined),
    retry: retryUnless4xx,
    ...options,
    enabled: args !== null && (options.enabled ?? true),
  });
}

type ListCall = CallSpec & { response?: Returns<ListAnswer<unknown>> | z.ZodType<ListAnswer<unknown>> };

/**
 * A take/skip list call (its answer a ListAnswer) read page after page, for "Load more":
 * react-query's infinite query; `pages` holds the answers, `fetchNextPage` asks for the next `take`.
 */
export function useCallPages<C extends ListCall>(
  call: C,
  take: number,
  args: Omit<CallArgs<C>, 'query'> & { query?: Record<string, unknown> },
  options: { staleTime?: number; retry?: boolean | number } = {},
) {
  return useInfiniteQuery({
    queryKey: [...callKey(call), args],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      (callApi as (c: C, a: unknown) => Promise<ListAnswer<ItemOf<C>>>)(call, { ...args, query: { ...args.query, take, skip: pageParam } }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.result.length, 0);
      return loaded < last.metadata.filteredRecords ? loaded : undefined;
    },
    retry: retryUnless4xx,
    ...options,
  });
}

type ItemOf<C extends CallSpec> = ResponseOf<C> extends ListAnswer<infer T> ? T : never;
