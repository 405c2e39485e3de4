// What the console reads off an order: what it is (when it starts is the order feature's:
// `startOf`, `startInstant`).

import type { Order } from './api';

export type Flow = 'shuttle' | 'charter' | 'escort' | 'massage';

export function flowOf(o: Order): Flow | undefined {
  return o.details?.service.case as Flow | undefined;
}
