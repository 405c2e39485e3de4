import { JobThreadView, type Said } from '@/components/job-thread/job-thread';
import { TravellerJobService } from '@/gen/booking/v1/job_pb';
import { useRpc } from '@/lib/api/hooks';
import { refusal } from '@/lib/api/refusal';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';

const calls = TravellerJobService.method;

/** The traveller's thread with the one who serves them, once someone has taken the job: read
 * again on every live change of the order (a new message announces it). */
export function JobTalk({ orderId }: { orderId: string }) {
  const thread = useRpc(calls.getTravellerThread, { orderId }, { select: (r) => r.thread }).data;
  if (!thread || (!thread.open && thread.messages.length === 0)) return null;
  const send = async (said: Said, key: string) => {
    try {
      await callRpc(calls.sendTravellerMessage, { orderId, said, key });
      return undefined;
    } catch (e) {
      return refusal(e, messages.errors.network);
    } finally {
      await invalidate(TravellerJobService);
    }
  };
  return (
    <div className="card">
      <JobThreadView thread={thread} words={memberMessages.orders.talk} send={send} />
    </div>
  );
}
