import { createClient } from '@connectrpc/connect';
import { OrderService, type Order } from '@/gen/booking/v1/order_pb';
import {
  SupportService,
  type ContactChannels,
  type SupportMessage,
  type SupportThread,
} from '@/gen/booking/v1/support_pb';
import { transport } from '@/lib/api/clients';
import type { Loaded } from '@/lib/use-pages';

export type { ContactChannels, SupportMessage, SupportThread };
export { refusal } from '@/lib/api/refusal';

// Created here, so the support contract loads with the member pages only.
const support = createClient(SupportService, transport);

export async function channels(): Promise<ContactChannels | undefined> {
  return (await support.getContactChannels({})).channels;
}

export async function listThreads(pageToken = ''): Promise<Loaded<SupportThread>> {
  const page = await support.listThreads({ pageSize: 20, pageToken });
  return { items: page.threads, next: page.nextPageToken };
}

export async function getThread(threadId: string): Promise<{ thread?: SupportThread; messages: SupportMessage[] }> {
  return support.getThread({ threadId });
}

/** `requestId` is the same for a retry of the same open, so it opens one thread only. */
export async function openThread(fields: { subject: string; orderId: string; body: string }, requestId: string): Promise<SupportThread> {
  const { thread } = await support.openThread({ ...fields, requestId });
  if (!thread) throw new Error('no thread');
  return thread;
}

export async function sendMessage(threadId: string, body: string, requestId: string): Promise<SupportThread> {
  const { thread } = await support.sendMessage({ threadId, body, requestId });
  if (!thread) throw new Error('no thread');
  return thread;
}

export async function markRead(threadId: string): Promise<void> {
  await support.markThreadRead({ threadId });
}

export async function unreadCount(): Promise<number> {
  return (await support.getUnreadCount({})).unreadCount;
}

const orders = createClient(OrderService, transport);

/** The customer's latest orders, for the 「相關訂單」 choice. */
export async function recentOrders(): Promise<Order[]> {
  return (await orders.listOrders({ pageSize: 20 })).orders;
}
