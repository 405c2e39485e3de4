// Support: every customer's threads, one thread, replies, closing and reopening.

import { ThreadView, type OperatorThread } from '@/gen/booking/v1/operator_pb';
import { useRpc } from '@/lib/api/hooks';
import { callRpc } from '@/lib/api/rpc';
import { calls, changed } from './shared';

export type { OperatorThread };
export { ThreadView };

export function useThreads(view: ThreadView, poll: number | false = false) {
  return useRpc(calls.listSupportThreads, { view, pageSize: 50 }, { select: (r) => r.threads, refetchInterval: poll });
}

export function useThread(threadId: string) {
  return useRpc(calls.getSupportThread, { threadId });
}

export const supportActions = {
  reply: (threadId: string, message: string) => changed(callRpc(calls.replyToThread, { threadId, message })),
  setClosed: (threadId: string, closed: boolean) => changed(callRpc(calls.setThreadClosed, { threadId, closed })),
};
