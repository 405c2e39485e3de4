import { ConnectError, Code, createClient } from '@connectrpc/connect';
import { Category, type Plan } from '@/gen/booking/v1/catalog_pb';
import { OrderService, type FeeEstimate, type Order, type OrderDetails } from '@/gen/booking/v1/order_pb';
import { catalogClient, transport } from '@/lib/api/clients';
import { FIELDS, type DetailsValues, type Flow } from '../flows';

export type { FeeEstimate, Order, Plan };

// Created here, so the order contract loads with the order pages only.
const orderClient = createClient(OrderService, transport);

const CATEGORY: Record<string, Category> = {
  shuttle: Category.SHUTTLE,
  charter: Category.CHARTER,
  escort: Category.ESCORT,
  'dragon-massage': Category.DRAGON_MASSAGE,
};

export async function getPlan(id: string): Promise<Plan> {
  const { plan } = await catalogClient.getPlan({ id });
  if (!plan) throw new Error('no plan');
  return plan;
}

/** Every plan of a category, following the pages. */
export async function listPlans(categorySlug: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  let pageToken = '';
  do {
    const page = await catalogClient.listPlans({ category: CATEGORY[categorySlug], pageSize: 100, pageToken });
    plans.push(...page.plans);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return plans;
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

export async function estimateFee(flow: Flow, planId: string, values: DetailsValues, signal?: AbortSignal): Promise<FeeEstimate> {
  const { estimate } = await orderClient.estimateFee({ planId, details: toDetails(flow, values) }, { signal });
  if (!estimate) throw new Error('no estimate');
  return estimate;
}

export async function createOrder(flow: Flow, planId: string, values: DetailsValues, key: string): Promise<Order> {
  const { order } = await orderClient.createOrder(
    { planId, details: toDetails(flow, values) },
    { headers: { 'idempotency-key': key } },
  );
  if (!order) throw new Error('no order');
  return order;
}

export async function updateOrder(
  orderId: string,
  change: { flow?: Flow; details?: DetailsValues; contact?: Contact; note?: string },
): Promise<Order> {
  const { order } = await orderClient.updateOrder({
    orderId,
    details: change.flow && change.details ? toDetails(change.flow, change.details) : undefined,
    contact: change.contact,
    note: change.note,
  });
  if (!order) throw new Error('no order');
  return order;
}

export async function getOrder(orderId: string): Promise<Order> {
  const { order } = await orderClient.getOrder({ orderId });
  if (!order) throw new Error('no order');
  return order;
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

/** The server's field error (`details.flight_number: …`), or undefined for any other error. */
export function fieldProblem(error: unknown): FieldProblem | undefined {
  const e = ConnectError.from(error);
  if (e.code !== Code.InvalidArgument) return undefined;
  const match = /^([a-z_.]+): (.+)$/s.exec(e.rawMessage);
  const [path, message] = [match?.[1], match?.[2]];
  if (!path || !message) return undefined;
  const field =
    CONTACT_FIELDS[path] ??
    (path.split('.').at(-1) ?? path).replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  return { field, message };
}

/** The order can no longer change (paid, lapsed, cancelled) or is not the caller's. */
export function isGone(error: unknown): boolean {
  const code = ConnectError.from(error).code;
  return code === Code.NotFound || code === Code.FailedPrecondition;
}

/** A message for the customer: the server's own words for rules, else a generic one. */
export function problemText(error: unknown, fallback: string): string {
  const e = ConnectError.from(error);
  // Aborted is a lost race (a therapist booked a moment earlier): the server says which.
  if (e.code === Code.InvalidArgument || e.code === Code.FailedPrecondition || e.code === Code.Aborted) {
    return fieldProblem(error)?.message ?? e.rawMessage;
  }
  return fallback;
}
