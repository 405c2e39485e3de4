// The console's calls: every read through the app's one data pattern (`@/lib/api`), every write
// followed by marking the operators' answers stale. Live events mark them stale too (console-frame).

import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Category } from '@/gen/booking/v1/catalog_pb';
import { MassageService } from '@/gen/booking/v1/massage_pb';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  OperatorService,
  PhotoShape,
  ReviewView,
  StaffRole,
  ThreadView,
  type AuditEntry,
  type CatalogPlan,
  type Customer,
  type OperatorThread,
  type UpdatePlanRequestSchema,
} from '@/gen/booking/v1/operator_pb';
import { OrderState, type Order } from '@/gen/booking/v1/order_pb';
import { instantOf } from '@/lib/vietnam-time';
import { skipToken, useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';

export type { AuditEntry, CatalogPlan, Customer, Order, OperatorThread };
export { Category, OrderState, PhotoShape, ReviewView, StaffRole, ThreadView };

const calls = OperatorService.method;
/** While the live stream is down, lists are asked for again this often. */
export const FALLBACK_POLL_MS = 15_000;

export interface OrderSearch {
  query?: string;
  states?: OrderState[];
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

/** A Vietnam calendar day's start as an instant. */
function vietnamDay(day: string, plusDays = 0): Date {
  const at = instantOf(day);
  return new Date(at.getTime() + plusDays * 86_400_000);
}

function searchInput(s: OrderSearch, pageSize: number) {
  const after = s.after ?? (s.from ? vietnamDay(s.from) : undefined);
  const before = s.before ?? (s.until ? vietnamDay(s.until, 1) : undefined);
  return {
    query: s.query ?? '',
    states: s.states ?? [],
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

export interface AuditSearch {
  target?: string;
  actor?: string;
  action?: string;
  /** Vietnam dates, YYYY-MM-DD. */
  from?: string;
  until?: string;
}

export function useOrderPayments(orderId: string) {
  return useRpc(calls.listOrderPayments, { orderId }, { select: (r) => r.payments });
}

export function useAudit(s: AuditSearch) {
  const input = {
    target: s.target ?? '',
    actor: s.actor ?? '',
    action: s.action ?? '',
    from: s.from ? timestampFromDate(vietnamDay(s.from)) : undefined,
    until: s.until ? timestampFromDate(vietnamDay(s.until, 1)) : undefined,
  };
  return useRpcPages(calls.listAuditEntries, input, (page) => page.entries);
}

/** Every review, newest first, hidden ones too unless `view` picks. */
export function useReviews(view: ReviewView) {
  return useRpcPages(calls.listAllReviews, { view, pageSize: 50 }, (page) => page.reviews);
}

/** Takes a review off the pages; the server mails its customer the reason. */
export async function hideReview(orderId: string, reason: string) {
  await callRpc(calls.hideReview, { orderId, reason });
  await invalidate(OperatorService);
}

export function useCatalogue() {
  return useRpc(calls.listCatalog, {});
}

export function useStaff(enabled: boolean) {
  return useRpc(calls.listStaff, enabled ? {} : skipToken, { select: (r) => r.staff });
}

export function useKeys(enabled: boolean) {
  return useRpc(calls.listServiceKeys, enabled ? {} : skipToken, { select: (r) => r.keys });
}

export function useCustomers(query: string) {
  return useRpcPages(calls.findCustomers, { query }, (page) => page.customers);
}

export function useCustomer(customerId: string) {
  return useRpcPages(calls.getCustomer, { customerId }, (page) => page.entries);
}

/** The customer's card (the first page's), apart from the ledger's pages. */
export function useCustomerCard(customerId: string) {
  return useRpc(calls.getCustomer, { customerId, pageSize: 1 }, { select: (r) => r.customer });
}

export function useThreads(view: ThreadView, poll: number | false = false) {
  return useRpc(calls.listSupportThreads, { view, pageSize: 50 }, { select: (r) => r.threads, refetchInterval: poll });
}

export function useThread(threadId: string) {
  return useRpc(calls.getSupportThread, { threadId });
}

/** Therapists free for the massage's time (her own booking of this order counts as taken). */
export function useFreeTherapists(start: string, durationMinutes: number) {
  return useRpc(MassageService.method.listTherapists, { start, durationMinutes, pageSize: 100 }, { select: (r) => r.therapists });
}

async function changed<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    // Whether it worked or lost a race, what is on screen is read again.
    await invalidate(OperatorService);
  }
}

export const actions = {
  confirm: (o: Order) => changed(callRpc(calls.confirmOrder, { orderId: o.id, seenVersion: o.version })),
  assignDriver: (o: Order, driver: { name: string; phoneCountryCode: string; phoneNumber: string; plate: string }) =>
    changed(callRpc(calls.assignDriver, { orderId: o.id, driver, seenVersion: o.version })),
  assignTherapist: (o: Order, therapistId: string) =>
    changed(callRpc(calls.assignTherapist, { orderId: o.id, therapistId, seenVersion: o.version })),
  complete: (o: Order) => changed(callRpc(calls.completeOrder, { orderId: o.id, seenVersion: o.version })),
  quoteCancel: async (o: Order) => (await callRpc(calls.quoteCancellation, { orderId: o.id })).quote,
  cancel: (o: Order, reason: string, refundVnd?: bigint) => changed(callRpc(calls.cancelOrder, { orderId: o.id, reason, refundVnd })),
  markPaid: (o: Order, bankRef: string) => changed(callRpc(calls.markTransferPaid, { orderId: o.id, bankRef })),
  note: (o: Order, note: string) => changed(callRpc(calls.addOrderNote, { orderId: o.id, note })),
  reply: (threadId: string, message: string) => changed(callRpc(calls.replyToThread, { threadId, message })),
  setClosed: (threadId: string, closed: boolean) => changed(callRpc(calls.setThreadClosed, { threadId, closed })),
  invite: (email: string, displayName: string, role: StaffRole) =>
    changed(callRpc(calls.inviteStaff, { email, displayName, role, continueUrl: '/ops' })),
  updateStaff: (accountId: string, change: { role?: StaffRole; disabled?: boolean; email?: string; displayName?: string }) =>
    changed(
      callRpc(calls.updateStaff, {
        accountId,
        role: change.role ?? StaffRole.UNSPECIFIED,
        disabled: change.disabled,
        email: change.email ?? '',
        displayName: change.displayName ?? '',
      }),
    ),
  issueKey: (name: string, admin: boolean) => changed(callRpc(calls.issueServiceKey, { name, admin })),
  revokeKey: (keyId: string) => changed(callRpc(calls.revokeServiceKey, { keyId })),
  exportCatalog: async () => (await callRpc(calls.exportCatalog, {})).catalogToml,
  importCatalog: (catalogToml: string) => changed(callRpc(calls.importCatalog, { catalogToml })),
  updatePlan: (edit: MessageInitShape<typeof UpdatePlanRequestSchema>) => changed(callRpc(calls.updatePlan, edit)),
  setTherapistActive: (therapistId: string, active: boolean) => changed(callRpc(calls.setTherapistActive, { therapistId, active })),
  updateTherapist: (
    therapistId: string,
    change: { languages: string[]; skills: string[]; hours: { days: string[]; from: string; until: string }[]; photos: string[] },
  ) => changed(callRpc(calls.updateTherapist, { therapistId, ...change, photos: { urls: change.photos } })),
  /** Keeps a photo; its address goes into a plan's images or a therapist's photo when saved. */
  uploadPhoto: async (file: File, shape: PhotoShape) =>
    (await callRpc(calls.uploadCatalogPhoto, { data: new Uint8Array(await file.arrayBuffer()), shape })).url,
  adjustWallet: (customerId: string, amountVnd: bigint, reason: string) =>
    changed(callRpc(calls.adjustWallet, { customerId, amountVnd, reason })),
};

export { OperatorService };
