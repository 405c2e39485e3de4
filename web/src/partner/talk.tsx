import { JobThreadView, type Said } from '@/components/job-thread/job-thread';
import { useRpc } from '@/lib/api/hooks';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { JobThreadService } from '@/gen/booking/v1/job_pb';
import { actionError } from './api';
import { partnerMessages as m } from './messages';

const calls = JobThreadService.method;

/** The thread with the traveller of a job the partner took; a message from them comes by the live
 * stream (`useFollowWork`). */
export function PartnerTalk({ orderId }: { orderId: string }) {
  const thread = useRpc(calls.getJobThread, { orderId }, { select: (r) => r.thread }).data;
  if (!thread || (!thread.open && thread.messages.length === 0)) return null;
  const send = async (said: Said, key: string) => {
    try {
      await callRpc(calls.sendJobMessage, { orderId, said, key });
      return undefined;
    } catch (e) {
      return actionError(e);
    } finally {
      await invalidate(JobThreadService);
    }
  };
  return <JobThreadView thread={thread} words={m.talk} send={send} />;
}
