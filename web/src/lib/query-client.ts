import { QueryClient } from '@tanstack/query-core';

/**
 * The one cache of server answers. It lives in the first script (React needs it above every page);
 * the calls themselves are made by `lib/api/rpc`, which loads with the API chunk.
 *
 * TanStack's own retries are off: the product's retry rule (a read once on 408, 409, 425, 429, 500,
 * 502, 503 and 504, a write never) is the transport's, which alone knows the HTTP status and
 * whether a method reads or writes (`lib/api/transport`).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Another customer (or none) from now on: nothing asked for the one before may be shown. Shown
 * answers are dropped and asked for again, the rest forgotten. A fetch no page shows yet (a route
 * loader's, for the catalogue) is left to finish: cancelling it would fail the page it loads.
 */
export function forgetAnswers(): Promise<void> {
  queryClient.removeQueries({ type: 'inactive', fetchStatus: 'idle' });
  return queryClient.resetQueries({ type: 'active' });
}
