import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CallArgs, CallSpec, ResponseOf } from '../../shared/http/call';
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
