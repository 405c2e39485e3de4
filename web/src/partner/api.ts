// The partner's calls, and the schedule kept on the phone: the last one read is what shows with no
// signal (today's and tomorrow's jobs at least), and an action tried with none is refused in words.

import { create, fromBinary, toBinary } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { Code, ConnectError } from '@connectrpc/connect';
import type { DescService } from '@bufbuild/protobuf';
import { JobDispatchService, JobStepService, JobThreadService, JobWhereaboutsService } from '@/gen/booking/v1/job_pb';
import { JobStatus, ListJobsResponseSchema, PartnerService, type PartnerJob } from '@/gen/booking/v1/partner_pb';
import { useEffect } from 'react';
import { useRpc } from '@/lib/api/hooks';
import { LiveTopic, watchLive } from '@/lib/api/live';
import { useObjectUrl } from '@/lib/api/images';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { forgetOffline, keepOffline, readOffline } from '@/lib/offline';
import { refusal, refused } from '@/lib/api/refusal';
import { partnerMessages as m } from './messages';

export type { PartnerJob };
export { JobStatus };

const calls = PartnerService.method;
const dispatch = JobDispatchService.method;
const steps = JobStepService.method;
/** Every service whose answers show the partner's work: read again after an action or news. */
const WORK: DescService[] = [PartnerService, JobDispatchService, JobStepService, JobThreadService];
/** A week ahead: today's and tomorrow's jobs, and what comes after. */
export const SCHEDULE_DAYS = 7;
const KEPT = 'partner:schedule';

export function usePartner() {
  return useRpc(calls.getPartner, {}, { select: (r) => r.partner });
}

/** Their notices on Zalo too, or no more: answers the partner as saved. */
export async function setZaloNotices(on: boolean) {
  const { partner } = await callRpc(calls.setZaloNotices, { on });
  await invalidate(PartnerService);
  return partner;
}

/** Today's, this week's and the last weeks' earnings. */
export function useEarnings() {
  return useRpc(calls.getEarnings, {});
}

/** One week's statement, with its lines. */
export function useEarningsWeek(week: string) {
  return useRpc(calls.getEarningsWeek, { week }, { select: (r) => r.statement });
}

/** A hotel photo of a massage job they took, as an object URL. */
export function useHotelPhoto(orderId: string, imageId: string, thumbnail: boolean) {
  const load = async () => {
    const { jpeg } = await callRpc(steps.getHotelPhoto, { orderId, imageId, thumbnail });
    return new Blob([jpeg.slice()], { type: 'image/jpeg' });
  };
  return useObjectUrl(['hotel-photo', orderId, imageId, thumbnail], load);
}

/** When the partner works: weekly shifts and days off. */
export function useAvailability() {
  return useRpc(calls.getAvailability, {}, { select: (r) => r.availability });
}

/** The schedule as the server has it; read again when the live stream says the partner's work
 * changed (`useFollowWork`). */
export function useSchedule() {
  return useRpc(dispatch.listJobs, { days: SCHEDULE_DAYS }, { select: (r) => r.jobs });
}

/** While the app is open, the live stream tells it of the partner's work (a new offer, a job taken
 * back, a message, a step, a pause) and their answers are read again where shown: no poll. */
export function useFollowWork() {
  useEffect(
    () =>
      watchLive({
        onEvents: (events) => {
          if (events.some((e) => e.topic === LiveTopic.JOB)) void invalidate(...WORK);
        },
        onReset: () => void invalidate(...WORK),
      }),
    [],
  );
}

/** Keeps the schedule just read on the phone, for reading with no signal. */
export function keepSchedule(jobs: PartnerJob[]): void {
  const bytes = toBinary(ListJobsResponseSchema, create(ListJobsResponseSchema, { jobs }));
  keepOffline(KEPT, JSON.stringify({ at: Date.now(), jobs: base64Encode(bytes) }));
}

/** The schedule last read on this phone, and when. */
export function keptSchedule(): { at: Date; jobs: PartnerJob[] } | undefined {
  try {
    const kept = JSON.parse(readOffline(KEPT) ?? 'null') as { at: number; jobs: string } | null;
    if (!kept) return undefined;
    return { at: new Date(kept.at), jobs: fromBinary(ListJobsResponseSchema, base64Decode(kept.jobs)).jobs };
  } catch {
    return undefined;
  }
}

/** The server's words when it refuses this account the partner app (paused by an admin, or no
 * partner's account): nothing of it may be shown, kept copies included. */
export function accountRefused(e: unknown): string | undefined {
  if (!e) return undefined;
  const r = refused(e);
  return r.code === Code.PermissionDenied ? r.words || m.closed : undefined;
}

/** Forgets the schedule kept on this phone. */
export function forgetSchedule(): void {
  forgetOffline(KEPT);
}

/** A call that failed for want of a connection (rather than being refused). */
export function unreachable(e: unknown): boolean {
  const code = ConnectError.from(e).code;
  return !navigator.onLine || code === Code.Unavailable || code === Code.Unknown || code === Code.Canceled;
}

/** The words for a failed action: no signal says so, a refusal is the server's. */
export function actionError(e: unknown): string {
  return unreachable(e) ? m.offlineRefused : refusal(e, m.loadFailed);
}

async function acted<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    await invalidate(...WORK);
  }
}

/** Sends where the phone is on a job on the way or there: kept, or the reason it was not. A
 * failure for want of signal is `offline`; one sent too soon after the last is `wait`; a refusal
 * is the server's words. */
export async function reportPosition(orderId: string, at: GeolocationPosition): Promise<{ kept: true } | { kept: false; reason: string } | 'offline' | 'wait'> {
  const { latitude, longitude, accuracy } = at.coords;
  try {
    const r = await callRpc(JobWhereaboutsService.method.reportPosition, { orderId, position: { latitude, longitude, accuracy, takenAt: timestampFromMs(at.timestamp) } });
    return r.kept ? { kept: true } : { kept: false, reason: r.reason };
  } catch (e) {
    // Sent sooner than the server keeps one (a retry after a slow answer): the next tick sends it.
    if (e instanceof ConnectError && e.code === Code.ResourceExhausted) return 'wait';
    return unreachable(e) ? 'offline' : { kept: false, reason: refusal(e, m.loadFailed) };
  }
}

export const partnerActions = {
  accept: (orderId: string) => acted(callRpc(dispatch.acceptJob, { orderId })),
  decline: (orderId: string, reason: string) => acted(callRpc(dispatch.declineJob, { orderId, reason })),
  declineChange: (orderId: string) => acted(callRpc(dispatch.declineJobChange, { orderId })),
  advance: (orderId: string, status: JobStatus) => acted(callRpc(steps.advanceJob, { orderId, status })),
  checkIn: (orderId: string, voucherCode: string) => acted(callRpc(steps.checkIn, { orderId, voucherCode })),
  noShow: (orderId: string, proof: { photo: string; position: { latitude: number; longitude: number; accuracy: number; takenAt: ReturnType<typeof timestampFromMs> } }) =>
    acted(callRpc(steps.reportNoShow, { orderId, photo: proof.photo, position: proof.position })),
  setAvailability: (hours: { days: string[]; from: string; until: string }[], daysOff: string[]) =>
    acted(callRpc(calls.setAvailability, { hours, daysOff })),
};
