import { Code, ConnectError } from '@connectrpc/connect';

/**
 * The server's own words for a refused request (a rule, the state, a lost race, a throttle), without the
 * field name it starts with; the fallback for anything else (network, server faults).
 */
export function refusal(error: unknown, fallback: string): string {
  const e = ConnectError.from(error);
  const told = [Code.FailedPrecondition, Code.InvalidArgument, Code.Aborted, Code.ResourceExhausted];
  if (told.includes(e.code)) {
    return e.rawMessage.replace(/^[a-z_.]+: /, '');
  }
  return fallback;
}
