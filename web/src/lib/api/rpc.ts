// The one way the web app talks to the server. A read is a TanStack query keyed by its method and
// input: cached, shared by every component that shows it, and never shown for another input than
// the one asked for. A write is a plain call, after which the answers it changed are marked stale.
// Connect-Query builds the keys and the calls; every call goes through the one transport, whose
// interceptors hold the product's retry rule (`./transport`).

import type { DescMessage, DescMethodUnary, DescService, MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import { callUnaryMethod, createConnectQueryKey, type SkipToken } from '@connectrpc/connect-query-core';
import { skipToken, type QueryFunction, type QueryKey } from '@tanstack/query-core';
import { queryClient } from '../query-client';
import { transport } from './clients';

export { skipToken };

export type Method<I extends DescMessage, O extends DescMessage> = DescMethodUnary<I, O>;
export type Input<I extends DescMessage> = MessageInitShape<I>;

/** The cache's key of a read: the one Connect-Query's hooks use for the same method and input. */
function keyOf<I extends DescMessage, O extends DescMessage>(method: Method<I, O>, input: Input<I> | SkipToken) {
  return createConnectQueryKey({ schema: method, input, transport, cardinality: 'finite' });
}

/** A read's answer, from the cache while it is fresh, else from the server (for route loaders). */
export function fetchRpc<I extends DescMessage, O extends DescMessage>(method: Method<I, O>, input: Input<I>): Promise<MessageShape<O>> {
  return queryClient.fetchQuery({
    queryKey: keyOf(method, input),
    queryFn: ({ signal }) => callUnaryMethod(transport, method, input, { signal }),
  });
}

/** A list method's every page (`page_token` in, `next_page_token` out) as one cached answer. */
export function allPages<I extends DescMessage, O extends DescMessage, T>(
  method: Method<I, O>,
  input: Input<I> | SkipToken,
  itemsOf: (page: MessageShape<O>) => T[],
): { queryKey: QueryKey; queryFn: QueryFunction<T[]> | SkipToken } {
  const all = async (asked: Input<I>, signal: AbortSignal) => {
    const items: T[] = [];
    let pageToken = '';
    do {
      const page = await callUnaryMethod(transport, method, { ...asked, pageToken } as Input<I>, { signal });
      items.push(...itemsOf(page));
      pageToken = (page as { nextPageToken?: string }).nextPageToken ?? '';
    } while (pageToken);
    return items;
  };
  const queryFn: QueryFunction<T[]> | SkipToken = input === skipToken ? skipToken : ({ signal }) => all(input, signal);
  const queryKey: QueryKey = [...keyOf(method, input), 'all-pages'];
  return { queryKey, queryFn };
}

/** Every page of a list, for route loaders. */
export function fetchRpcAll<I extends DescMessage, O extends DescMessage, T>(
  method: Method<I, O>,
  input: Input<I>,
  itemsOf: (page: MessageShape<O>) => T[],
): Promise<T[]> {
  return queryClient.fetchQuery<T[]>(allPages(method, input, itemsOf));
}

/** A write; `headers` carry an idempotency key where the method takes one. Never cached. */
export function callRpc<I extends DescMessage, O extends DescMessage>(
  method: Method<I, O>,
  input: Input<I>,
  headers?: HeadersInit,
): Promise<MessageShape<O>> {
  return callUnaryMethod(transport, method, input, { headers });
}

/** Marks the answers of these services stale: what is on screen is asked for again. */
export async function invalidate(...services: DescService[]): Promise<void> {
  await Promise.all(
    services.map((schema) => queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) })),
  );
}

/** Marks the answers of these calls stale, whatever their input: shown ones are read again. */
export async function invalidateCalls(...methods: DescMethodUnary[]): Promise<void> {
  await Promise.all(methods.map((schema) => queryClient.invalidateQueries({ queryKey: createConnectQueryKey({ schema, cardinality: undefined }) })));
}

/** A read's answer as the cache holds it, if it does. */
export function cachedRpcAnswer<I extends DescMessage, O extends DescMessage>(method: Method<I, O>, input: Input<I>): MessageShape<O> | undefined {
  return queryClient.getQueryData(keyOf(method, input));
}

/** Writes a read's answer into the cache, as the server just gave it in a write's answer. */
export function setRpcAnswer<I extends DescMessage, O extends DescMessage>(
  method: Method<I, O>,
  input: Input<I>,
  answer: MessageShape<O>,
): void {
  queryClient.setQueryData(keyOf(method, input), answer);
}
