// What the console reads off an order: when it starts and what it is.

import type { Order } from './api';

/** The service's start as the customer entered it (Vietnam time, YYYY-MM-DDTHH:MM). */
export function startOf(o: Order): string {
  const v = o.details?.service.value as { start?: string } | undefined;
  return v?.start ?? '';
}

/** The start as an instant. */
export function startInstant(o: Order): Date | undefined {
  const start = startOf(o);
  return start ? new Date(`${start}:00+07:00`) : undefined;
}

export type Flow = 'shuttle' | 'charter' | 'escort' | 'massage';

export function flowOf(o: Order): Flow | undefined {
  return o.details?.service.case as Flow | undefined;
}
