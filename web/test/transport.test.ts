import { LANGUAGE } from '@/lib/i18n/language';
import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CatalogService, Category, ListCategoriesResponseSchema } from '@/gen/booking/v1/catalog_pb';
import { createApiTransport, retryInterceptor, TOKEN_HEADER } from '@/lib/api/transport';
import { RETRY_STATUSES } from '@/lib/constants';
import { grpcWebError, grpcWebOk, grpcWebRefusal } from './grpc-web';

function okResponse(): Response {
  return grpcWebOk(ListCategoriesResponseSchema, {
    categories: [{ category: Category.SHUTTLE, slug: 'shuttle', name: '機場接送', planCount: 12, fromPriceVnd: 250000n }],
  });
}

function httpError(status: number): Response {
  return new Response('upstream said no', { status, headers: { 'content-type': 'text/plain' } });
}

/** A fetch that answers from a script and records each request's headers. */
function scriptedFetch(...answers: Array<() => Response>) {
  const calls: Headers[] = [];
  const fetchFn = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(new Headers(init?.headers));
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (!next) throw new Error('no scripted answer');
    return next();
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, calls };
}

function client(fetchFn: typeof fetch, token = '') {
  return createClient(CatalogService, createApiTransport({ baseUrl: 'http://api.test', getToken: () => token, fetch: fetchFn }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the token header', () => {
  it('carries the ID token when there is one', async () => {
    const { fetchFn, calls } = scriptedFetch(okResponse);
    const response = await client(fetchFn, 'id-token-123').listCategories({});
    expect(response.categories[0]?.slug).toBe('shuttle');
    expect(calls[0]?.get(TOKEN_HEADER)).toBe('id-token-123');
  });

  it('is absent when signed out', async () => {
    const { fetchFn, calls } = scriptedFetch(okResponse);
    await client(fetchFn).listCategories({});
    expect(calls[0]?.has(TOKEN_HEADER)).toBe(false);
  });
});

describe('the 5 s timeout', () => {
  it('sends the deadline to the server', async () => {
    const { fetchFn, calls } = scriptedFetch(okResponse);
    await client(fetchFn).listCategories({});
    expect(calls[0]?.get('grpc-timeout')).toBe('5000m');
  });

  it('gives up after 5 s with DEADLINE_EXCEEDED', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const call = client(hanging as unknown as typeof fetch).listCategories({});
    const outcome = call.then(
      () => 'resolved',
      (e: unknown) => ConnectError.from(e).code,
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(hanging).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(await outcome).toBe(Code.DeadlineExceeded);
    expect(hanging).toHaveBeenCalledTimes(1);
  });
});

describe('the retry rule', () => {
  it.each(RETRY_STATUSES)('retries a read once after HTTP %i', async (status) => {
    const { fetchFn } = scriptedFetch(() => httpError(status), okResponse);
    const response = await client(fetchFn).listCategories({});
    expect(response.categories).toHaveLength(1);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('retries only once', async () => {
    const { fetchFn } = scriptedFetch(() => httpError(503));
    await expect(client(fetchFn).listCategories({})).rejects.toBeInstanceOf(ConnectError);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it.each([400, 401, 403, 404, 501])('does not retry after HTTP %i', async (status) => {
    const { fetchFn } = scriptedFetch(() => httpError(status), okResponse);
    await expect(client(fetchFn).listCategories({})).rejects.toBeInstanceOf(ConnectError);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('retries gRPC statuses that stand for a retryable HTTP status', async () => {
    const { fetchFn } = scriptedFetch(() => grpcWebError(Code.Unavailable), okResponse);
    await client(fetchFn).listCategories({});
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it('does not retry a NOT_FOUND answer', async () => {
    const { fetchFn } = scriptedFetch(() => grpcWebError(Code.NotFound), okResponse);
    await expect(client(fetchFn).getPlan({ id: 'nope' })).rejects.toMatchObject({ code: Code.NotFound });
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('never retries a write', async () => {
    const next = vi.fn(async () => {
      throw new ConnectError('busy', Code.Unavailable);
    });
    const write = {
      method: { idempotency: MethodOptions_IdempotencyLevel.IDEMPOTENCY_UNKNOWN },
      signal: new AbortController().signal,
    };
    const run = retryInterceptor(next as never);
    await expect(run(write as never)).rejects.toBeInstanceOf(ConnectError);
    expect(next).toHaveBeenCalledTimes(1);

    const read = { ...write, method: { idempotency: MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS } };
    await expect(run(read as never)).rejects.toBeInstanceOf(ConnectError);
    expect(next).toHaveBeenCalledTimes(3);
  });
});

describe('an expired ID token', () => {
  function expired(): Response {
    return grpcWebRefusal(Code.Unauthenticated, { reason: 'TOKEN_EXPIRED', words: 'TOKEN_EXPIRED' });
  }

  it('is renewed once and the call sent again with the new token', async () => {
    let token = 'old';
    const renew = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const { fetchFn, calls } = scriptedFetch(expired, okResponse);
    const api = createClient(CatalogService, createApiTransport({ baseUrl: 'http://api.test', getToken: () => token, fetch: fetchFn, renewToken: renew }));
    const res = await api.listCategories({});
    expect(res.categories).toHaveLength(1);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(calls.map((h) => h.get(TOKEN_HEADER))).toEqual(['old', 'new']);
  });

  it('fails as it is when renewal fails, and other 401s are not renewed', async () => {
    const renew = vi.fn(async () => false);
    const first = scriptedFetch(expired, okResponse);
    const api = createClient(CatalogService, createApiTransport({ baseUrl: 'http://api.test', getToken: () => 't', fetch: first.fetchFn, renewToken: renew }));
    await expect(api.listCategories({})).rejects.toMatchObject({ code: Code.Unauthenticated });
    expect(first.calls).toHaveLength(1);

    const second = scriptedFetch(() => grpcWebError(Code.Unauthenticated), okResponse);
    const api2 = createClient(CatalogService, createApiTransport({ baseUrl: 'http://api.test', getToken: () => 't', fetch: second.fetchFn, renewToken: renew }));
    await expect(api2.listCategories({})).rejects.toMatchObject({ code: Code.Unauthenticated });
    expect(renew).toHaveBeenCalledTimes(1);
  });
});

describe('the page language', () => {
  it('goes with every call, so the server answers in the build’s words, whatever the document says', async () => {
    const { fetchFn, calls } = scriptedFetch(okResponse);
    document.documentElement.lang = 'vi';
    try {
      await client(fetchFn).listCategories({});
    } finally {
      document.documentElement.lang = '';
    }
    expect(calls[0]?.get('accept-language')).toBe(LANGUAGE);
    expect(LANGUAGE).toBe('zh-TW');
  });
});
