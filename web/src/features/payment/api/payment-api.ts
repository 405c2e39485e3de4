import { useAtomValue } from 'jotai';
import { OrderService } from '@/gen/booking/v1/order_pb';
import {
  PaymentMethod,
  PaymentService,
  PaymentState,
  type ExpiringCredit,
  type LedgerEntry,
  type Payment,
  type RedeemGiftCodeResponse,
} from '@/gen/booking/v1/payment_pb';
import { skipToken, useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { liveConnectedAtom } from '@/lib/live-state';

export { PaymentMethod, PaymentState };
export type { ExpiringCredit, LedgerEntry, Payment, RedeemGiftCodeResponse };
export { refusal } from '@/lib/api/refusal';

const calls = PaymentService.method;
/** How often a payment that waits for the bank is asked about. */
const POLL_MS = 3000;

/** A fresh key for one payment request; a retry of that request reuses it. */
export function newKey(): string {
  return crypto.randomUUID();
}

/** The methods on offer. */
export function useMethods() {
  return useRpc(calls.listPaymentMethods, {}, { select: (r) => r.methods });
}

/** The wallet's balance. */
export function useBalance() {
  return useRpc(calls.getWallet, {}, { select: (r) => r.balanceVnd });
}

/** The part of the balance that expires, soonest first (the same cached answer as the balance). */
export function useExpiring() {
  return useRpc(calls.getWallet, {}, { select: (r) => r.expiring });
}

/** The wallet's entries, newest first, a page at a time. */
export function useLedger() {
  return useRpcPages(calls.listLedgerEntries, { pageSize: 20 }, (page) => page.entries);
}

/** One order, as the order pages show it too (the same cached answer). */
export function useOrder(orderId: string) {
  return useRpc(OrderService.method.getOrder, orderId ? { orderId } : skipToken, { select: (r) => r.order });
}

/** A payment: read again when its order changes (live), or every 3 s while it waits for the bank
 * and the live stream is down. */
export function usePayment(paymentId: string | undefined) {
  const live = useAtomValue(liveConnectedAtom);
  return useRpc(calls.getPayment, paymentId ? { paymentId } : skipToken, {
    select: (r) => r.payment,
    refetchInterval: (query) => (!live && query.state.data?.payment?.state === PaymentState.PENDING ? POLL_MS : false),
  });
}

/** The VietQR transfer an unpaid order still waits for (none: `payment` unset), shown again after a
 * reload so the customer never opens a second one. */
export function useOpenTransfer(orderId: string) {
  return useRpc(calls.getOpenTransfer, orderId ? { orderId } : skipToken, { select: (r) => r.payment ?? null });
}

/** VNPay's return parameters, passed on for the server to verify and apply (once per return). */
export function useVnPayReturn(params: Record<string, string> | undefined) {
  return useRpc(calls.completeVnPayReturn, params ? { params } : skipToken, { select: (r) => r.payment, staleTime: Infinity });
}

/** A payment's answer changes the wallet and the order: what shows them is asked for again. */
async function settled(payment: Payment | undefined): Promise<Payment> {
  if (!payment) throw new Error('no payment');
  await invalidate(PaymentService, OrderService);
  return payment;
}

export async function payOrder(orderId: string, method: PaymentMethod, key: string): Promise<Payment> {
  return settled((await callRpc(calls.payOrder, { orderId, method }, { 'idempotency-key': key })).payment);
}

export async function topUp(amountVnd: bigint, method: PaymentMethod, key: string): Promise<Payment> {
  return settled((await callRpc(calls.topUp, { amountVnd, method }, { 'idempotency-key': key })).payment);
}

/** Redeems a gift code into the wallet; the same key again is answered as the first time. */
export async function redeemGiftCode(code: string, key: string): Promise<RedeemGiftCodeResponse> {
  const answer = await callRpc(calls.redeemGiftCode, { code }, { 'idempotency-key': key });
  await invalidate(PaymentService);
  return answer;
}

/** Once a payment that waited is settled, what shows the wallet and the order is asked for again. */
export function refreshAfterSettlement(): Promise<void> {
  return invalidate(PaymentService, OrderService);
}
