// Promo codes (admins): each with its uses and what they took off; adding one, changing one.

import type { PromoCode, PromoCodeSummary } from '@/gen/booking/v1/operator_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export type { PromoCode, PromoCodeSummary };

export function usePromoCodes() {
  return useRpc(calls.listPromoCodes, {}, { select: (r) => r.codes });
}

export const promotionActions = {
  createPromoCode: (code: PromoCode) => changed(callRpc(calls.createPromoCode, { code })),
  updatePromoCode: (code: PromoCode) => changed(callRpc(calls.updatePromoCode, { code })),
};
