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
 * 「再訂一次」: a fresh draft of the order's flow with its plan, details, contact and note, but
 * not its time (a new booking needs a new one) nor its photos (they belong to that order).
 */
export function draftFromOrder(flow: Flow, order: Order): void {
  const value = (order.details?.service.value ?? {}) as unknown as Record<string, unknown>;
  const details: DetailsValues = {};
  for (const spec of FIELDS[flow]) {
    const raw = value[spec.name];
    if (spec.name === 'start' || spec.name === 'hotelImageIds' || raw === undefined) continue;
    details[spec.name] = Array.isArray(raw) ? raw.join(',') : (raw as string | number);
  }
  const c = order.contact;
  store.set(drafts[flow], {
    ...EMPTY_DRAFT,
    planId: order.planId,
    details,
    contact: c
      ? { name: c.name, phoneCountryCode: c.phoneCountryCode, phoneNumber: c.phoneNumber, messagingApp: c.messagingApp, messagingId: c.messagingId }
      : null,
    note: order.note,
  });
}
