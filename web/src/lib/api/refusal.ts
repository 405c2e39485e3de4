import { Code, ConnectError } from '@connectrpc/connect';

/**
 * The server's own words for a refused request (a rule, the state, a lost race), without the
 * field name it starts with; the fallback for anything else (network, server faults).
 */
export function refusal(error: unknown, fallback: string): string {
  const e = ConnectError.from(error);
  if (e.code === Code.FailedPrecondition || e.code === Code.InvalidArgument || e.code === Code.Aborted) {
    return e.rawMessage.replace(/^[a-z_.]+: /, '');
  }
  return fallback;
}
