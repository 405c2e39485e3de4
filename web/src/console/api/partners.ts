// Partners (admins) and their jobs: the board's jobs, one order's job, offering it, taking it back.

import type { Category } from '@/gen/booking/v1/catalog_pb';
import { JobStatus, PartnerKind, type Job, type Partner } from '@/gen/booking/v1/partner_pb';
import { skipToken, useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export type { Job, Partner };
export { JobStatus, PartnerKind };

export function usePartners(enabled: boolean) {
  return useRpc(calls.listPartners, enabled ? {} : skipToken, { select: (r) => r.partners });
}

/** The longest partner name the server takes (the same call as the list, read once). */
export function usePartnerNameMax() {
  return useRpc(calls.listPartners, {}, { select: (r) => r.nameMaxLength }).data;
}

/** The cities a partner may work from, as the server has them (the same call, read once). */
export function useHomeCities() {
  return useRpc(calls.listPartners, {}, { select: (r) => r.homeCities }).data ?? [];
}

/** Jobs not over from the start of today, for `days` days, and the map's tiles while any
 * partner on them shares where they are (their readings come on the live stream: `positions`). */
export function useJobBoard(days: number, poll: number | false) {
  return useRpc(calls.listJobBoard, { days }, { refetchInterval: poll });
}

/** Every category, and whether operators dispatch its jobs by hand. */
export function useCategoryDispatch() {
  return useRpc(calls.listCategoryDispatch, {}, { select: (r) => r.categories });
}

/** The order's job (`job` unset while it has none) and, while its partner shares where they
 * are (the server says when: `meeting`), their whereabouts; read again every `poll` while the
 * partner shares, when the live stream is down. */
export function useOrderJob(orderId: string, poll: number | false) {
  return useRpc(calls.getOrderJob, { orderId }, { refetchInterval: (q) => (q.state.data?.job?.meeting ? poll : false) });
}

/** The thread between the order's traveller and its partner, for reading. */
export function useOrderJobThread(orderId: string, enabled: boolean) {
  return useRpc(calls.getOrderJobThread, enabled ? { orderId } : skipToken, { select: (r) => r.thread });
}

/** A week's payroll (last week's when `week` is empty): each partner's statement. */
export function usePayroll(week: string) {
  return useRpc(calls.listPayroll, { week });
}

export interface PartnerInvite {
  email: string;
  kind: PartnerKind;
  name: string;
  phoneCountryCode: string;
  phoneNumber: string;
  languages: string[];
  vehicle?: { model: string; plate: string; seats: number };
  therapistId: string;
  /** A code of the catalogue's cities, or empty. */
  homeCity: string;
}

export const partnerActions = {
  invitePartner: ({ email, ...partner }: PartnerInvite) =>
    changed(callRpc(calls.invitePartner, { email, partner, continueUrl: '/partner' })),
  setPartnerActive: (userId: string, active: boolean) => changed(callRpc(calls.setPartnerActive, { userId, active })),
  /** To one partner, or with none named to every one who fits and is free. */
  offerJob: (orderId: string, partnerId = '') => changed(callRpc(calls.offerJob, { orderId, partnerId })),
  withdrawJob: (orderId: string) => changed(callRpc(calls.withdrawJob, { orderId })),
  setJobDispatch: (orderId: string, byHand: boolean) => changed(callRpc(calls.setJobDispatch, { orderId, byHand })),
  setCategoryDispatch: (category: Category, byHand: boolean) => changed(callRpc(calls.setCategoryDispatch, { category, byHand })),
  payPartnerWeek: (partnerId: string, week: string, reference: string) =>
    changed(callRpc(calls.payPartnerWeek, { partnerId, week, reference })),
  exportPayroll: (week: string) => callRpc(calls.exportPayroll, { week }),
  correctPartnerEarnings: (partnerId: string, amountVnd: bigint, reason: string, requestId: string) =>
    changed(callRpc(calls.correctPartnerEarnings, { partnerId, amountVnd, reason, requestId })),
};
