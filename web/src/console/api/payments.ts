// Payments: an order's payments, cancelling with its refund, a transfer seen at the bank, and an
// admin's wallet adjustment.

import type { Order } from '@/gen/booking/v1/order_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export function useOrderPayments(orderId: string) {
  return useRpc(calls.listOrderPayments, { orderId }, { select: (r) => r.payments });
}

export const paymentActions = {
  quoteCancel: async (o: Order) => (await callRpc(calls.quoteCancellation, { orderId: o.id })).quote,
  cancel: (o: Order, reason: string, refundVnd?: bigint) => changed(callRpc(calls.cancelOrder, { orderId: o.id, reason, refundVnd })),
  markPaid: (o: Order, bankRef: string) => changed(callRpc(calls.markTransferPaid, { orderId: o.id, bankRef })),
  adjustWallet: (customerId: string, amountVnd: bigint, reason: string) =>
    changed(callRpc(calls.adjustWallet, { customerId, amountVnd, reason })),
};
