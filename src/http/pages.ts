import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ListAnswer } from '../../shared/account';
import type { CallArgs, CallSpec, ResponseOf, Returns } from '../../shared/http/call';
import { callApi } from './client';
import { callKey, retryUnless4xx } from './queries';

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
