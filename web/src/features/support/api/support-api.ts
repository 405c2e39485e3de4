import { useAtomValue } from 'jotai';
import { OrderService } from '@/gen/booking/v1/order_pb';
import { SupportService, type ContactChannels, type SupportMessage, type SupportThread } from '@/gen/booking/v1/support_pb';
import { useRpc, useRpcPages } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { liveConnectedAtom } from '@/lib/live-state';

export type { ContactChannels, SupportMessage, SupportThread };
export { refusal } from '@/lib/api/refusal';

const calls = SupportService.method;
/** How often an open thread asks for new replies. */
const THREAD_POLL_MS = 20_000;
/** How often the member menu asks for unread replies. */
const UNREAD_POLL_MS = 60_000;

/** Customer service's other channels. */
export function useChannels() {
  return useRpc(calls.getContactChannels, {}, { select: (r) => r.channels });
}

/** The customer's threads, latest first, a page at a time. */
export function useThreads() {
  return useRpcPages(calls.listThreads, { pageSize: 20 }, (page) => page.threads);
}

/** One thread and its messages: read again when a reply arrives (live), or every 20 s while the
 * live stream is down. */
export function useThread(threadId: string) {
  const live = useAtomValue(liveConnectedAtom);
  return useRpc(calls.getThread, { threadId }, { refetchInterval: live ? false : THREAD_POLL_MS });
}

/** Operators' replies not yet opened; where `polling`, asked every minute while the live stream is
 * down, else shared from the cache (a reply arriving marks it stale). */
export function useUnreadCount(polling: boolean) {
  const live = useAtomValue(liveConnectedAtom);
  return useRpc(calls.getUnreadCount, {}, { select: (r) => r.unreadCount, refetchInterval: polling && !live ? UNREAD_POLL_MS : false });
}

/** `requestId` is the same for a retry of the same open, so it opens one thread only. */
export async function openThread(fields: { subject: string; orderId: string; body: string }, requestId: string): Promise<SupportThread> {
  const { thread } = await callRpc(calls.openThread, { ...fields, requestId });
  if (!thread) throw new Error('no thread');
  await invalidate(SupportService);
  return thread;
}

export async function sendMessage(threadId: string, body: string, requestId: string): Promise<SupportThread> {
  const { thread } = await callRpc(calls.sendMessage, { threadId, body, requestId });
  if (!thread) throw new Error('no thread');
  await invalidate(SupportService);
  return thread;
}

/** Marks the thread's replies read; the threads and the unread count are asked for again. */
export async function markRead(threadId: string): Promise<void> {
  await callRpc(calls.markThreadRead, { threadId });
  await invalidate(SupportService);
}

/** The customer's latest orders, for the 「相關訂單」 choice. */
export function useRecentOrders() {
  return useRpc(OrderService.method.listOrders, { pageSize: 20 }, { select: (r) => r.orders });
}
