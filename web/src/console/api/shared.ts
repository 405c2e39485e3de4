// What every subject's calls share: the operator service's methods, the poll while the live
// stream is down, Vietnam days as instants, and marking the operators' answers stale after a write.

import { OperatorService } from '@/gen/booking/v1/operator_pb';
import { invalidate } from '@/lib/api/rpc';
import { instantOf } from '@/lib/vietnam-time';

export { OperatorService };
export const calls = OperatorService.method;
/** While the live stream is down, lists are asked for again this often. */
export const FALLBACK_POLL_MS = 15_000;

/** A Vietnam calendar day's start as an instant. */
export function vietnamDay(day: string, plusDays = 0): Date {
  const at = instantOf(day);
  return new Date(at.getTime() + plusDays * 86_400_000);
}

export async function changed<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    // Whether it worked or lost a race, what is on screen is read again.
    await invalidate(OperatorService);
  }
}
