// Orders: the board's lists and the orders screen, one order, the therapists free for it, and
// the steps an operator takes on it.

import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Category } from '@/gen/booking/v1/catalog_pb';
import { MassageService } from '@/gen/booking/v1/massage_pb';
import { OrderGroup, OrderState, type Order } from '@/gen/booking/v1/order_pb';
import { useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed, vietnamDay } from './shared';

export type { Order };
export { Category, OrderGroup, OrderState };

export interface OrderSearch {
  query?: string;
  states?: OrderState[];
  /** A group of states, as the server groups them (`states` is then ignored). */
  group?: OrderGroup;
  category?: Category;
  /** Vietnam dates, YYYY-MM-DD. */
  from?: string;
  until?: string;
  soonest?: boolean;
  awaitingTransfer?: boolean;
  /** Instants, for the board's windows. */
  after?: Date;
  before?: Date;
}

function searchInput(s: OrderSearch, pageSize: number) {
  const after = s.after ?? (s.from ? vietnamDay(s.from) : undefined);
  const before = s.before ?? (s.until ? vietnamDay(s.until, 1) : undefined);
  return {
    query: s.query ?? '',
    states: s.states ?? [],
    group: s.group ?? OrderGroup.UNSPECIFIED,
    category: s.category ?? Category.UNSPECIFIED,
    serviceFrom: after ? timestampFromDate(after) : undefined,
    serviceUntil: before ? timestampFromDate(before) : undefined,
    byServiceTime: s.soonest ?? false,
    awaitingTransfer: s.awaitingTransfer ?? false,
    pageSize,
  };
}

/** One page of orders (the board's lists). */
export function useOrderList(search: OrderSearch, poll: number | false, pageSize = 50) {
  return useRpc(calls.searchOrders, searchInput(search, pageSize), { select: (r) => r.orders, refetchInterval: poll });
}

/** Orders a page at a time (the orders screen). */
export function useOrderPages(search: OrderSearch) {
  return useRpcPages(calls.searchOrders, searchInput(search, 25), (page) => page.orders);
}

export function useOrder(orderId: string) {
  return useRpc(calls.getOrder, { orderId }, { select: (r) => r.order });
}

/** Therapists free for the massage's time (her own booking of this order counts as taken). */
export function useFreeTherapists(start: string, durationMinutes: number) {
  return useRpc(MassageService.method.listTherapists, { start, durationMinutes, pageSize: 100 }, { select: (r) => r.therapists });
}

export const orderActions = {
  confirm: (o: Order) => changed(callRpc(calls.confirmOrder, { orderId: o.id, seenVersion: o.version })),
  assignDriver: (o: Order, driver: { name: string; phoneCountryCode: string; phoneNumber: string; plate: string }) =>
    changed(callRpc(calls.assignDriver, { orderId: o.id, driver, seenVersion: o.version })),
  assignTherapist: (o: Order, therapistId: string) =>
    changed(callRpc(calls.assignTherapist, { orderId: o.id, therapistId, seenVersion: o.version })),
  complete: (o: Order) => changed(callRpc(calls.completeOrder, { orderId: o.id, seenVersion: o.version })),
  note: (o: Order, note: string) => changed(callRpc(calls.addOrderNote, { orderId: o.id, note })),
};
