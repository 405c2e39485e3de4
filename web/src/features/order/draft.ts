// A flow's draft in localStorage: what step1 and step2 hold, and the order made from them, so a
// reload or a detour through sign-in comes back to the same step with everything kept.

import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { Order } from '@/gen/booking/v1/order_pb';
import type { Contact } from './api/order-api';
import { FLOWS } from '@/lib/paths';
import { store } from '@/lib/store';
import { FIELDS, type DetailsValues, type Flow } from './flows';

export interface Draft {
  planId: string;
  details: DetailsValues | null;
  contact: Contact | null;
  note: string;
  /** The order step1 created, once it exists, and its plan (an order keeps its plan). */
  orderId: string;
  orderPlanId: string;
  /** The order of the booking before this one, still unpaid perhaps: step1 offers to go back to it. */
  earlierOrderId?: string;
  /** When this booking was started: step1's form starts afresh when it changes. */
  started?: number;
}

export const EMPTY_DRAFT: Draft = { planId: '', details: null, contact: null, note: '', orderId: '', orderPlanId: '' };

// Read on creation, so the first render after a reload already has the draft.
const drafts = Object.fromEntries(
  FLOWS.map((flow) => [flow, atomWithStorage<Draft>(`booking.draft.${flow}`, EMPTY_DRAFT, undefined, { getOnInit: true })]),
) as Record<Flow, ReturnType<typeof atomWithStorage<Draft>>>;

export function useDraft(flow: Flow) {
  return useAtom(drafts[flow]);
}

/** Forgets the draft a paid order came from, so the next booking of that service starts fresh. */
export function clearDraftOf(orderId: string): void {
  for (const flow of FLOWS) {
    if (store.get(drafts[flow]).orderId === orderId) store.set(drafts[flow], EMPTY_DRAFT);
  }
}

/**
 * A new booking of `planId` (from the catalogue, or the customer's 「改為新的預訂」): a new order,
 * never the draft's. The draft's order, if any, is remembered so that step1 can offer it back.
 */
export function startBooking(flow: Flow, planId: string): void {
  const before = store.get(drafts[flow]);
  store.set(drafts[flow], { ...EMPTY_DRAFT, planId, earlierOrderId: before.orderId || before.earlierOrderId, started: Date.now() });
}

/** Going back to an order the customer made earlier: the draft becomes that order again. */
export function resumeOrder(flow: Flow, order: Order): void {
  store.set(drafts[flow], { ...fromOrder(flow, order, true), orderId: order.id, orderPlanId: order.planId, started: Date.now() });
}

/**
 * 「再訂一次」: a fresh draft of the order's flow with its plan, details, contact and note, but
 * not its time (a new booking needs a new one) nor its photos (they belong to that order).
 */
export function draftFromOrder(flow: Flow, order: Order): void {
  startBooking(flow, order.planId);
  store.set(drafts[flow], (d) => ({ ...d, ...fromOrder(flow, order, false) }));
}

/** An order as a draft's form values: with its time and photos when it is the same order. */
function fromOrder(flow: Flow, order: Order, same: boolean): Pick<Draft, 'planId' | 'details' | 'contact' | 'note'> {
  const value = (order.details?.service.value ?? {}) as unknown as Record<string, unknown>;
  const details: DetailsValues = {};
  for (const spec of FIELDS[flow]) {
    const raw = value[spec.name];
    if ((!same && (spec.name === 'start' || spec.name === 'hotelImageIds')) || raw === undefined) continue;
    details[spec.name] = Array.isArray(raw) ? raw.join(',') : (raw as string | number);
  }
  const c = order.contact;
  return {
    planId: order.planId,
    details,
    contact: c
      ? { name: c.name, phoneCountryCode: c.phoneCountryCode, phoneNumber: c.phoneNumber, messagingApp: c.messagingApp, messagingId: c.messagingId }
      : null,
    note: order.note,
  };
}
