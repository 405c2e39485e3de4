// What the console reads off an order: when it starts, who serves it, what it is.

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

/** Whether someone is assigned: a driver or guide, or for a massage a named therapist. */
export function isAssigned(o: Order): boolean {
  if (flowOf(o) === 'massage') {
    const d = o.details?.service.value as { therapistId?: string } | undefined;
    return Boolean(d?.therapistId);
  }
  return Boolean(o.driver);
}
