// The reads of `./rpc` as React hooks, for the pages that show server answers. Apart from `./rpc`,
// so that the pages that only load (the catalogue's, through their route loaders) do not carry them.

import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { useInfiniteQuery, useQuery, type SkipToken, type UseQueryOptions } from '@connectrpc/connect-query';
import { useQuery as useTanstackQuery } from '@tanstack/react-query';
import { transport } from './clients';
import { allPages, type Input, type Method } from './rpc';

export { skipToken } from './rpc';

/** What a read may be told besides its call: polling, when it is enabled, how its answer is read. */
type ReadOptions<O extends DescMessage, S> = Omit<UseQueryOptions<O, S>, 'transport'>;

/** A read in a component; `skipToken` as the input waits until the input is known. */
export function useRpc<I extends DescMessage, O extends DescMessage, S = MessageShape<O>>(
  method: Method<I, O>,
  input: Input<I> | SkipToken,
  options: ReadOptions<O, S> = {},
) {
  return useQuery(method, input, { ...options, transport });
}

/** Every page of a list in a component, as one array. */
export function useRpcAll<I extends DescMessage, O extends DescMessage, T>(
  method: Method<I, O>,
  input: Input<I> | SkipToken,
  itemsOf: (page: MessageShape<O>) => T[],
) {
  return useTanstackQuery<T[]>(allPages(method, input, itemsOf));
}

/** A list shown a page at a time, with `more()` for the next page. */
export function useRpcPages<I extends DescMessage, O extends DescMessage, T>(
  method: Method<I, O>,
  input: Input<I>,
  itemsOf: (page: MessageShape<O>) => T[],
) {
  // Connect-Query's own typing of the page parameter is too narrow for a generic method.
  const query = useInfiniteQuery(method, { ...input, pageToken: '' } as never, {
    transport,
    pageParamKey: 'pageToken' as never,
    getNextPageParam: ((page: { nextPageToken?: string }) => page.nextPageToken || undefined) as never,
  });
  return {
    items: query.data?.pages.flatMap((page) => itemsOf(page as MessageShape<O>)),
    hasMore: query.hasNextPage,
    error: query.error ?? undefined,
    more: () => void query.fetchNextPage(),
  };
}

