import { create } from '@bufbuild/protobuf';
import { ConnectError, Code } from '@connectrpc/connect';
import { CatalogService, Category, type Plan } from '@/gen/booking/v1/catalog_pb';
import { GetOrderResponseSchema, OrderService, type FeeEstimate, type Order, type OrderDetails } from '@/gen/booking/v1/order_pb';
import { skipToken, useRpc, useRpcAll } from '@/lib/api/hooks';
import { callRpc, invalidate, setRpcAnswer } from '@/lib/api/rpc';
import { refused } from '@/lib/api/refusal';
import { FIELDS, type DetailsValues, type Flow } from '../flows';

export type { FeeEstimate, Order, Plan };

const calls = OrderService.method;

const CATEGORY: Record<string, Category> = {
  shuttle: Category.SHUTTLE,
  charter: Category.CHARTER,
  escort: Category.ESCORT,
  'dragon-massage': Category.DRAGON_MASSAGE,
};

/** One plan; `skipToken` while it is not known which. */
export function usePlan(id: string | typeof skipToken) {
  return useRpc(CatalogService.method.getPlan, id === skipToken ? skipToken : { id }, { select: (r) => r.plan });
}

/** Every plan of a category, following the pages. */
export function usePlans(categorySlug: string) {
  return useRpcAll(CatalogService.method.listPlans, { category: CATEGORY[categorySlug], pageSize: 100 }, (page) => page.plans);
}

/** The details message of a flow from step1's values, numbers as numbers. */
export function toDetails(flow: Flow, values: DetailsValues): OrderDetails {
  const value: Record<string, string | number | string[]> = {};
  for (const spec of FIELDS[flow]) {
    const raw = values[spec.name];
    const numeric = spec.kind === 'number' || spec.name === 'durationMinutes';
    if (spec.list) value[spec.name] = splitList(raw);
    else value[spec.name] = numeric ? Math.max(0, Math.trunc(Number(raw) || 0)) : String(raw ?? '');
  }
  return { service: { case: flow, value } } as unknown as OrderDetails;
}

/** A list field's form value (comma-separated text) as the list it is. */
export function splitList(raw: string | number | undefined): string[] {
  return String(raw ?? '')
    .split(',')
    .filter(Boolean);
}

export interface Contact {
  name: string;
  phoneCountryCode: string;
  phoneNumber: string;
  messagingApp: string;
  messagingId: string;
}

/**
 * The server's estimate for the details, and until when they could be cancelled free (the
 * server's rule); `skipToken` while there is nothing to price. An answer
 * is kept for its details, so going back to earlier values shows it again at once.
 */
export function useFeeEstimate(flow: Flow, planId: string, values: DetailsValues | typeof skipToken) {
  const input = values === skipToken ? skipToken : { planId, details: toDetails(flow, values) };
  return useRpc(calls.estimateFee, input, {
    select: (r) => ({ estimate: r.estimate, freeUntil: r.freeCancellationUntil }),
    placeholderData: (previous) => previous });
}

/** Keeps the order the server answered a write with, so its pages show it without asking again. */
function keep(order: Order | undefined): Order {
  if (!order) throw new Error('no order');
  void invalidate(OrderService);
  setRpcAnswer(calls.getOrder, { orderId: order.id }, create(GetOrderResponseSchema, { order }));
  return order;
}

export async function createOrder(flow: Flow, planId: string, values: DetailsValues, key: string): Promise<Order> {
  const { order } = await callRpc(calls.createOrder, { planId, details: toDetails(flow, values) }, { 'idempotency-key': key });
  return keep(order);
}

export async function updateOrder(
  orderId: string,
  change: { flow?: Flow; details?: DetailsValues; contact?: Contact; note?: string },
): Promise<Order> {
  const { order } = await callRpc(calls.updateOrder, {
    orderId,
    details: change.flow && change.details ? toDetails(change.flow, change.details) : undefined,
    contact: change.contact,
    note: change.note,
  });
  return keep(order);
}

/** Puts a promo code on the unpaid order; the server answers the order with the code's line, or
 * refuses with the rule's words. */
export async function applyPromoCode(orderId: string, code: string): Promise<Order> {
  const { order } = await callRpc(calls.applyPromoCode, { orderId, code });
  return keep(order);
}

/** Takes the code off the unpaid order. */
export async function removePromoCode(orderId: string): Promise<Order> {
  const { order } = await callRpc(calls.removePromoCode, { orderId });
  return keep(order);
}

/** One order of the customer's; `skipToken` while there is none to show. */
export function useOrder(orderId: string | typeof skipToken) {
  return useRpc(calls.getOrder, orderId === skipToken || !orderId ? skipToken : { orderId }, { select: (r) => r.order });
}

/** A rule the server refused, as `{ field, message }` with the field as the form names it. */
export interface FieldProblem {
  field: string;
  message: string;
}

const CONTACT_FIELDS: Record<string, string> = {
  'contact.phone.number': 'phoneNumber',
  'contact.phone.country_code': 'phoneCountryCode',
};

/** The server's field error (`details.flight_number`), or undefined for any other error. */
export function fieldProblem(error: unknown): FieldProblem | undefined {
  const r = refused(error);
  if (r.code !== Code.InvalidArgument || !r.field) return undefined;
  const field =
    CONTACT_FIELDS[r.field] ?? (r.field.split('.').at(-1) ?? r.field).replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return { field, message: r.words };
}

/** The order can no longer change (paid, lapsed, cancelled) or is not the caller's. */
export function isGone(error: unknown): boolean {
  const code = ConnectError.from(error).code;
  return code === Code.NotFound || code === Code.FailedPrecondition;
}
