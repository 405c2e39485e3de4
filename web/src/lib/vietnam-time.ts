// Service times are Vietnam time (UTC+7 all year), whatever the customer's own time zone: forms
// take and show `YYYY-MM-DDTHH:MM` in Vietnam time, labelled as such.

import { formatLocal } from './format';
import { LANGUAGE } from './i18n/language';

const OFFSET_MS = 7 * 3600 * 1000;

/** Vietnam wall-clock time `minutes` from now, as a `datetime-local` value. */
export function vietnamFromNow(minutes: number, now = Date.now()): string {
  return new Date(now + OFFSET_MS + minutes * 60_000).toISOString().slice(0, 16);
}

/** A Vietnam wall-clock time (`2026-11-24T21:30`, or a day's start `2026-11-24`) as an instant. */
export function instantOf(local: string): Date {
  const [day = '', time = '00:00'] = local.split('T');
  return new Date(Date.parse(`${day}T${time.slice(0, 5)}:00Z`) - OFFSET_MS);
}

/** `2026-11-24T21:30` (Vietnam time) shown in the language's order: `2026/11/24 21:30`. */
export function showLocal(value: string): string {
  return formatLocal(value);
}

/** An instant shown in Vietnam time: `2026/11/24 21:30`. */
export function showInstant(at: Date): string {
  return showLocal(new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16));
}

/** A protobuf timestamp shown in Vietnam time; empty when unset. */
export function showTimestamp(at: { seconds: bigint } | undefined): string {
  return at ? showInstant(new Date(Number(at.seconds) * 1000)) : '';
}

/** An instant as a short Vietnam-time deadline: `12/23 10:00` in zh-TW. */
export function showDayTime(at: Date): string {
  return formatLocal(new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 16), false);
}

/** The Vietnam calendar day of an instant: `2026-11-24`. */
export function dayInVietnam(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

let clock: Intl.DateTimeFormat | undefined;

/** An instant's time of day in Vietnam to the second, in the language's form (`17:33:05`). */
export function showClock(at: Date): string {
  clock ??= new Intl.DateTimeFormat(LANGUAGE, { timeZone: 'Asia/Ho_Chi_Minh', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return clock.format(at);
}

/** A week named by its Monday (`2026-11-23`, as the server names weeks): its Monday and Sunday
 * as UTC midnights, to format with `timeZone: 'UTC'` so no time zone shifts the day. */
export function weekEnds(week: string): [number, number] {
  const monday = Date.parse(`${week}T00:00:00Z`);
  return [monday, monday + 6 * 86_400_000];
}
