import { JobProgressService, JobStatus } from '@/gen/booking/v1/partner_pb';
import { useRpc } from '@/lib/api/hooks';
import { memberMessages } from '@/lib/member-messages';
import { showTimestamp } from '@/lib/vietnam-time';

const m = memberMessages.orders;

/** Where the one who serves the order is: set off, arrived, begun. Read again on every live
 * change of the order (the stream marks it stale), so it moves without a reload. */
export function JobProgress({ orderId }: { orderId: string }) {
  const progress = useRpc(JobProgressService.method.getJobProgress, { orderId }, { select: (r) => r.progress }).data;
  const said = progress && m.progress[JobStatus[progress.status]];
  if (!progress || !said) return null;
  const step = progress.steps.findLast((s) => s.status === progress.status);
  return (
    <p className="notice notice-info" role="status" data-testid="job-progress" data-status={JobStatus[progress.status]}>
      <strong>{said}</strong> {step && <span className="muted small">{showTimestamp(step.at)}</span>}
    </p>
  );
}
