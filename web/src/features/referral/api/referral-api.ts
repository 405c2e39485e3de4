import { ReferralService, type ClaimReferralResponse } from '@/gen/booking/v1/referral_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';

export type { ClaimReferralResponse };

const calls = ReferralService.method;

/** The customer's own code, what the program gives, how their invitations stand. */
export function useReferral() {
  return useRpc(calls.getReferral, {});
}

export async function claimReferral(code: string): Promise<ClaimReferralResponse> {
  const answer = await callRpc(calls.claimReferral, { code });
  await invalidate(ReferralService);
  return answer;
}
