// A flow's draft in localStorage: what step1 and step2 hold, and the order made from them, so a
// reload or a detour through sign-in comes back to the same step with everything kept.

import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import type { Contact } from './api/order-api';
import { FLOWS } from '@/app/paths';
import { store } from '@/lib/store';
import type { DetailsValues, Flow } from './flows';

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
