import { Code, ConnectError, type Interceptor, type Transport } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import { MethodOptions_IdempotencyLevel } from '@bufbuild/protobuf/wkt';
import { API_TIMEOUT_MS, RETRY_STATUSES } from '../constants';
import { LANGUAGE } from '@/lib/i18n/language';
import { refused } from './refusal';

export const TOKEN_HEADER = 'authorization-firebase';
/** Set on non-2xx responses by our fetch wrapper, so interceptors know the HTTP status. */
const HTTP_STATUS_HEADER = 'x-http-status';

/** The HTTP status a server would have answered for a gRPC code (the Connect protocol mapping). */
const HTTP_STATUS_OF_CODE: Partial<Record<Code, number>> = {
  [Code.Canceled]: 499,
  [Code.Unknown]: 500,
  [Code.InvalidArgument]: 400,
  [Code.DeadlineExceeded]: 504,
  [Code.NotFound]: 404,
  [Code.AlreadyExists]: 409,
  [Code.PermissionDenied]: 403,
  [Code.ResourceExhausted]: 429,
  [Code.FailedPrecondition]: 400,
  [Code.Aborted]: 409,
  [Code.OutOfRange]: 400,
  [Code.Unimplemented]: 501,
  [Code.Internal]: 500,
  [Code.Unavailable]: 503,
  [Code.DataLoss]: 500,
  [Code.Unauthenticated]: 401,
};

/** The HTTP status behind a failed call: the real one where the server or a proxy sent one. */
export function httpStatusOf(error: ConnectError): number | undefined {
  const raw = error.metadata.get(HTTP_STATUS_HEADER);
  return raw ? Number(raw) : HTTP_STATUS_OF_CODE[error.code];
}

/** Asks the server for its words in the page's language. */
const languageInterceptor: Interceptor = (next) => (req) => {
  req.header.set('accept-language', LANGUAGE);
  return next(req);
};

/** Sends the ID token, when there is one, in the product's header. */
export function tokenInterceptor(getToken: () => string): Interceptor {
  return (next) => (req) => {
    const token = getToken();
    if (token) req.header.set(TOKEN_HEADER, token);
    return next(req);
  };
}

/**
 * Retries a failed read once on the product's statuses (408, 409, 425, 429, 500, 502, 503, 504).
 * Reads are the methods declared `NO_SIDE_EFFECTS` in the proto; writes are never retried here
 * (they carry idempotency keys and the caller decides).
 */
export const retryInterceptor: Interceptor = (next) => async (req) => {
  try {
    return await next(req);
  } catch (error) {
    const read = req.method.idempotency === MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS;
    const connectError = ConnectError.from(error);
    const status = httpStatusOf(connectError);
    if (!read || req.signal.aborted || status === undefined || !RETRY_STATUSES.includes(status)) {
      throw error;
    }
    return await next(req);
  }
};

/**
 * An ID token that ran out between renewals (a laptop asleep past the renewal time): renew it once
 * and send the call again. Safe for writes too, since the server refuses before doing anything.
 */
export function renewInterceptor(renew: () => Promise<boolean>): Interceptor {
  return (next) => async (req) => {
    try {
      return await next(req);
    } catch (error) {
      const e = ConnectError.from(error);
      if (e.code !== Code.Unauthenticated || refused(e).reason !== 'TOKEN_EXPIRED' || !(await renew())) {
        throw error;
      }
      return await next(req);
    }
  };
}

/** Records the HTTP status of a non-2xx answer in a response header the interceptors can read. */
function taggingFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.ok) return response;
    const headers = new Headers(response.headers);
    headers.set(HTTP_STATUS_HEADER, String(response.status));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}

export interface TransportOptions {
  baseUrl?: string;
  getToken: () => string;
  /** Renews an expired ID token; true when there is a new one. */
  renewToken?: () => Promise<boolean>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The browser's transport: gRPC-Web to our server, a 5 s deadline for each call (its one retry
 * included), the token header, and the product's retry rule.
 */
export function createApiTransport(options: TransportOptions): Transport {
  const inner = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return createGrpcWebTransport({
    baseUrl: options.baseUrl ?? location.origin,
    // Binary only: the build leaves protobuf's JSON codec out (binaryProtobufOnly in vite.config.ts).
    useBinaryFormat: true,
    fetch: taggingFetch(inner),
    defaultTimeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
    // Renewal runs outside the token interceptor and the retry inside it, so every attempt
    // carries the token current at that moment.
    interceptors: [
      renewInterceptor(options.renewToken ?? (async () => false)),
      tokenInterceptor(options.getToken),
      languageInterceptor,
      retryInterceptor,
    ],
  });
}
