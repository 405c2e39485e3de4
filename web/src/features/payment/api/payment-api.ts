import { createClient } from '@connectrpc/connect';
import { OrderService, type Order } from '@/gen/booking/v1/order_pb';
import {
  PaymentMethod,
  PaymentService,
  PaymentState,
  type LedgerEntry,
  type Payment,
} from '@/gen/booking/v1/payment_pb';
import { transport } from '@/lib/api/clients';
import type { Loaded } from '@/lib/use-pages';

export { PaymentMethod, PaymentState };
export type { LedgerEntry, Order, Payment };
export { refusal } from '@/lib/api/refusal';

// Created here, so the payment contract loads with the payment pages only.
const payments = createClient(PaymentService, transport);
const orders = createClient(OrderService, transport);

/** A fresh key for one payment request; a retry of that request reuses it. */
export function newKey(): string {
  return crypto.randomUUID();
}

export async function listMethods(): Promise<PaymentMethod[]> {
  return (await payments.listPaymentMethods({})).methods;
}

export async function payOrder(orderId: string, method: PaymentMethod, key: string): Promise<Payment> {
  const { payment } = await payments.payOrder({ orderId, method }, { headers: { 'idempotency-key': key } });
  if (!payment) throw new Error('no payment');
  return payment;
}

export async function topUp(amountVnd: bigint, method: PaymentMethod, key: string): Promise<Payment> {
  const { payment } = await payments.topUp({ amountVnd, method }, { headers: { 'idempotency-key': key } });
  if (!payment) throw new Error('no payment');
  return payment;
}

export async function getPayment(paymentId: string): Promise<Payment> {
  const { payment } = await payments.getPayment({ paymentId });
  if (!payment) throw new Error('no payment');
  return payment;
}

/** VNPay's return parameters, passed on for the server to verify and apply. */
export async function completeVnPayReturn(params: Record<string, string>): Promise<Payment> {
  const { payment } = await payments.completeVnPayReturn({ params });
  if (!payment) throw new Error('no payment');
  return payment;
}

export async function getBalance(): Promise<bigint> {
  return (await payments.getWallet({})).balanceVnd;
}

export async function listEntries(pageToken = ''): Promise<Loaded<LedgerEntry>> {
  const page = await payments.listLedgerEntries({ pageSize: 20, pageToken });
  return { items: page.entries, next: page.nextPageToken };
}

export async function getOrder(orderId: string): Promise<Order> {
  const { order } = await orders.getOrder({ orderId });
  if (!order) throw new Error('no order');
  return order;
}
