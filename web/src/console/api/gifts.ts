// Gift codes (admins): the batches with how many were redeemed, issuing one, a batch's CSV.

import type { GiftBatch, IssueGiftCodesRequestSchema } from '@/gen/booking/v1/operator_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, type Input } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export type { GiftBatch };

export function useGiftBatches() {
  return useRpc(calls.listGiftBatches, {}, { select: (r) => r.batches });
}

export const giftActions = {
  issueGiftCodes: (batch: Input<typeof IssueGiftCodesRequestSchema>) => changed(callRpc(calls.issueGiftCodes, batch)),
  exportGiftBatch: (name: string) => callRpc(calls.exportGiftBatch, { name }),
};
