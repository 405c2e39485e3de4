import { createClient } from '@connectrpc/connect';
import { OrderService, OrderState, type Order } from '@/gen/booking/v1/order_pb';
import { transport } from '@/lib/api/clients';
import type { Loaded } from '@/lib/use-pages';

const orders = createClient(OrderService, transport);

/** The order list's tabs and the states each shows. */
export const TABS = {
  all: [],
  unpaid: [OrderState.DRAFT, OrderState.PENDING_PAYMENT],
  upcoming: [OrderState.PAID, OrderState.CONFIRMED],
  done: [OrderState.COMPLETED],
  closed: [OrderState.CANCELLED, OrderState.EXPIRED, OrderState.REFUNDED],
} as const satisfies Record<string, readonly OrderState[]>;

export type Tab = keyof typeof TABS;

export function isTab(value: string | null): value is Tab {
  return value !== null && Object.hasOwn(TABS, value);
}

/** One tab's orders, newest first, a page at a time. */
export async function listTab(tab: Tab, pageToken = ''): Promise<Loaded<Order>> {
  const page = await orders.listOrders({ states: [...TABS[tab]], pageSize: 10, pageToken });
  return { items: page.orders, next: page.nextPageToken };
}

/** What is still to come, soonest first. */
export async function upcoming(pageSize: number): Promise<Order[]> {
  return (await orders.listOrders({ upcoming: true, pageSize })).orders;
}

export interface CancelQuote {
  paidVnd: bigint;
  feeVnd: bigint;
  refundVnd: bigint;
  freeUntil?: { seconds: bigint };
}

export async function quoteCancellation(orderId: string): Promise<CancelQuote> {
  return orders.quoteCancellation({ orderId });
}

export async function cancelOrder(orderId: string): Promise<{ order?: Order; refundVnd: bigint }> {
  return orders.cancelOrder({ orderId });
}
