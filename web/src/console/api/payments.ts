// Payments: an order's payments, cancelling with its refund, the refunds waiting for staff, a
// transfer seen at the bank, and an admin's wallet adjustment.

import { RefundTo, type Order } from '@/gen/booking/v1/order_pb';
import { useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export function useOrderPayments(orderId: string) {
  return useRpc(calls.listOrderPayments, { orderId }, { select: (r) => r.payments });
}

/** Refunds staff must make by hand: bank transfers, and VNPay refunds that failed; oldest first. */
export function useRefundTasks() {
  return useRpcPages(calls.listRefundTasks, { pageSize: 50 }, (page) => page.refunds);
}

export const paymentActions = {
  closeRefund: (refundId: string, bankRef: string) => changed(callRpc(calls.closeRefund, { refundId, bankRef })),
  quoteCancel: async (o: Order) => (await callRpc(calls.quoteCancellation, { orderId: o.id })).quote,
  cancel: (o: Order, reason: string, refundVnd?: bigint, refundTo = RefundTo.WALLET, account?: { bank: string; number: string; holder: string }) =>
    changed(callRpc(calls.cancelOrder, { orderId: o.id, reason, refundVnd, refundTo, account })),
  markPaid: (o: Order, bankRef: string) => changed(callRpc(calls.markTransferPaid, { orderId: o.id, bankRef })),
  adjustWallet: (customerId: string, amountVnd: bigint, reason: string) =>
    changed(callRpc(calls.adjustWallet, { customerId, amountVnd, reason })),
};
