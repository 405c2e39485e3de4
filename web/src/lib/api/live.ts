// Changes as they happen, from the server's one stream (LiveService.WatchEvents): each page that
// shows server answers marks the changed ones stale and they are read again. A stream that drops
// comes back by itself (1 s, doubling to 30 s) and resumes after the last cursor it was given,
// so what happened meanwhile still arrives; `connected` says whether it is up, so a page can
// fall back to a short poll while it is not.

import { createClient } from '@connectrpc/connect';
import { LiveService, LiveTopic, type LiveEvent } from '@/gen/booking/v1/live_pb';
import { InvoiceService } from '@/gen/booking/v1/invoice_pb';
import { OrderService } from '@/gen/booking/v1/order_pb';
import { TravellerJobService } from '@/gen/booking/v1/job_pb';
import { PaymentService } from '@/gen/booking/v1/payment_pb';
import { SupportService } from '@/gen/booking/v1/support_pb';
import { liveConnectedAtom } from '../live-state';
import { queryClient } from '../query-client';
import { store } from '../store';
import { transport } from './clients';
import { invalidate } from './rpc';

export { LiveTopic, type LiveEvent } from '@/gen/booking/v1/live_pb';

export { liveConnectedAtom };

export interface LiveHandlers {
  /** Changes the viewer may see, in the order they happened. */
  onEvents(events: LiveEvent[]): void;
  /** More was missed than the server keeps: read everything again. */
  onReset(): void;
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

export interface LiveOptions {
  /** Staff: orders whose partners' readings the stream carries too (`LiveTopic.POSITION`). */
  follow?: readonly string[];
  /** Where the stream resumes and then keeps its place, so that a watch opened again (to follow
   * other orders) misses nothing in between. */
  cursor?: { current: bigint };
}

/** Watches open in this page: a watch stopped to open another (to follow other orders) leaves
 * `connected` as it was, so the page does not fall back to polling for that instant. */
let openWatches = 0;

/** Watches until the returned function is called. */
export function watchLive(handlers: LiveHandlers, options: LiveOptions = {}): () => void {
  const client = createClient(LiveService, transport);
  openWatches += 1;
  const followOrders = [...(options.follow ?? [])];
  let stopped = false;
  const place = options.cursor ?? { current: 0n };
  let controller = new AbortController();
  let wake: () => void = () => undefined;

  const run = async () => {
    let delay = FIRST_RETRY_MS;
    while (!stopped) {
      controller = new AbortController();
      try {
        // No deadline: the stream stays open; the server sends an empty answer every 15 s.
        for await (const answer of client.watchEvents({ afterId: place.current, followOrders }, { signal: controller.signal, timeoutMs: 0 })) {
          store.set(liveConnectedAtom, true);
          delay = FIRST_RETRY_MS;
          if (answer.reset) handlers.onReset();
          if (answer.events.length > 0) handlers.onEvents(answer.events);
          place.current = answer.cursor;
        }
      } catch {
        // Dropped, refused or stopped: try again below unless stopped.
      }
      if (!stopped || openWatches === 0) store.set(liveConnectedAtom, false);
      if (stopped) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, delay);
      });
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    }
  };
  void run();
  return () => {
    if (stopped) return;
    stopped = true;
    openWatches -= 1;
    controller.abort();
    wake();
  };
}

/**
 * A signed-in customer's own changes (an order moved, a driver assigned, a transfer seen, a reply,
 * the wallet) mark the answers of their pages stale, which are read again where shown.
 */
export function followOwnChanges(): () => void {
  return watchLive({
    onEvents: (events) => {
      const topics = new Set(events.map((e) => e.topic));
      // A job's step is announced on its order's topic.
      if (topics.has(LiveTopic.ORDER)) void invalidate(OrderService, PaymentService, TravellerJobService, InvoiceService);
      if (topics.has(LiveTopic.THREAD)) void invalidate(SupportService);
      if (topics.has(LiveTopic.WALLET)) void invalidate(PaymentService);
      // The partner's phone said where they are: only the job is read again.
      if (topics.has(LiveTopic.POSITION)) void invalidate(TravellerJobService);
    },
    onReset: () => void queryClient.invalidateQueries(),
  });
}
