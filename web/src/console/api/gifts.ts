// Credit admins give: gift codes (the batches with how many were redeemed, issuing one, a
// batch's CSV) and what inviting a friend gives.

import type { GiftBatch, IssueGiftCodesRequestSchema } from '@/gen/booking/v1/operator_pb';
import type { ReferralProgram, ReferralProgramSchema } from '@/gen/booking/v1/referral_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, type Input } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export type { GiftBatch, ReferralProgram };

export function useGiftBatches() {
  return useRpc(calls.listGiftBatches, {}, { select: (r) => r.batches });
}

export function useReferralProgram() {
  return useRpc(calls.getReferralProgram, {}, { select: (r) => r.program });
}

export const giftActions = {
  updateReferralProgram: (program: Input<typeof ReferralProgramSchema>) => changed(callRpc(calls.updateReferralProgram, { program })),
  issueGiftCodes: (batch: Input<typeof IssueGiftCodesRequestSchema>) => changed(callRpc(calls.issueGiftCodes, batch)),
  exportGiftBatch: (name: string) => callRpc(calls.exportGiftBatch, { name }),
};
