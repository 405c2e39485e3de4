import { OrderGroup, OrderService, type PayeeAccount, RefundTo } from '@/gen/booking/v1/order_pb';
import { PaymentService } from '@/gen/booking/v1/payment_pb';
import { skipToken, useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';

const calls = OrderService.method;

/** The order list's tabs and the group of orders each shows (which states are in a group is the
 * server's to say). */
export const TABS = {
  all: OrderGroup.UNSPECIFIED,
  unpaid: OrderGroup.UNPAID,
  upcoming: OrderGroup.UPCOMING,
  done: OrderGroup.DONE,
  closed: OrderGroup.CLOSED,
} as const satisfies Record<string, OrderGroup>;

export type Tab = keyof typeof TABS;

export function isTab(value: string | null): value is Tab {
  return value !== null && Object.hasOwn(TABS, value);
}

/** One tab's orders, newest first, a page at a time. */
export function useTab(tab: Tab) {
  return useRpcPages(calls.listOrders, { group: TABS[tab], pageSize: 10 }, (page) => page.orders);
}

/** What is still to come, soonest first. */
export function useUpcoming(pageSize: number) {
  return useRpc(calls.listOrders, { upcoming: true, pageSize }, { select: (r) => r.orders });
}

/** The cancellation terms of an order that can still be cancelled (none for one that cannot). */
export function useCancellationTerms(orderId: string, active: boolean) {
  return useRpc(calls.quoteCancellation, active ? { orderId } : skipToken, { retry: false });
}

/** What cancelling would cost now, by the server's policy. */
export function quoteCancellation(orderId: string) {
  return callRpc(calls.quoteCancellation, { orderId });
}

/** Where the customer wants a paid order's refund: v-coin unless they ask for what paid, with the
 * account a bank transfer refund goes to. */
export interface RefundWish {
  to: RefundTo;
  account?: Pick<PayeeAccount, 'bank' | 'number' | 'holder'>;
}

/** Cancels the order; its pages, its refunds and the wallet a refund went to are asked for again. */
export async function cancelOrder(orderId: string, wish: RefundWish = { to: RefundTo.WALLET }) {
  const done = await callRpc(calls.cancelOrder, { orderId, refundTo: wish.to, account: wish.to === RefundTo.SOURCE ? wish.account : undefined });
  await invalidate(OrderService, PaymentService);
  return done;
}

/** Where a cancelled order's refund went, part by part. */
export function useOrderRefunds(orderId: string, active: boolean) {
  return useRpc(calls.listOrderRefunds, active ? { orderId } : skipToken, { select: (r) => r.refunds });
}

