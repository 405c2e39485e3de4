import { JobThreadView, type Said } from '@/components/job-thread/job-thread';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { actionError, PartnerService } from './api';
import { partnerMessages as m } from './messages';

/** How often the open job's thread is read again (the partner app keeps no live stream). */
const POLL_MS = 10_000;
const calls = PartnerService.method;

/** The thread with the traveller of a job the partner took. */
export function PartnerTalk({ orderId }: { orderId: string }) {
  const thread = useRpc(calls.getJobThread, { orderId }, { refetchInterval: POLL_MS, select: (r) => r.thread }).data;
  if (!thread || (!thread.open && thread.messages.length === 0)) return null;
  const send = async (said: Said, key: string) => {
    try {
      await callRpc(calls.sendJobMessage, { orderId, said, key });
      return undefined;
    } catch (e) {
      return actionError(e);
    } finally {
      await invalidate(PartnerService);
    }
  };
  return <JobThreadView thread={thread} words={m.talk} send={send} />;
}
