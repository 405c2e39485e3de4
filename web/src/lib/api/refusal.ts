import { Code, ConnectError } from '@connectrpc/connect';
import { BadRequestSchema, ErrorInfoSchema, LocalizedMessageSchema } from '@/gen/google/rpc/error_details_pb';

/**
 * A refused call as the server describes it in Google's error model: the one place the web reads
 * it. `reason` is what code branches on (`EMAIL_EXISTS`, `TOKEN_EXPIRED`, `ORDER_CHANGED`),
 * `field` the request field a rule refused (`details.flight_number`), `words` what a person is told.
 */
export interface Refused {
  code: Code;
  reason: string;
  field?: string;
  words: string;
  metadata: Record<string, string>;
}

export function refused(error: unknown): Refused {
  const e = ConnectError.from(error);
  const [info] = e.findDetails(ErrorInfoSchema);
  const [bad] = e.findDetails(BadRequestSchema);
  const [localized] = e.findDetails(LocalizedMessageSchema);
  return {
    code: e.code,
    reason: info?.reason ?? '',
    field: bad?.fieldViolations[0]?.field,
    words: localized?.message ?? e.rawMessage,
    metadata: info?.metadata ?? {},
  };
}

/** The refusals whose words are meant for people: a rule, the state, a lost race, a throttle. */
const TOLD = [Code.FailedPrecondition, Code.InvalidArgument, Code.Aborted, Code.ResourceExhausted];

/** The server's own words for a refused request; the fallback for anything else (network, server faults). */
export function refusal(error: unknown, fallback: string): string {
  const r = refused(error);
  return TOLD.includes(r.code) ? r.words : fallback;
}
