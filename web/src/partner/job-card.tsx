import { useState } from 'react';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useMinute } from '@/lib/use-minute';
import { showTimestamp } from '@/lib/vietnam-time';
import { CheckIn } from './check-in';
import { NoShow } from './no-show';
import { actionError, JobStatus, partnerActions, type PartnerJob } from './api';
import { partnerMessages as m } from './messages';
import { partnerTo } from './paths';

/** Where the partner goes: the hotel or address the traveller gave (an arrival's airport is the
 * plan's, which the driver knows). */
export function destinationOf(j: PartnerJob): string {
  const d = (j.details?.service.value ?? {}) as { address?: string; pickupAddress?: string; meetingPoint?: string; hotelName?: string; hotelAddress?: string };
  return d.address || d.pickupAddress || d.meetingPoint || [d.hotelName, d.hotelAddress].filter(Boolean).join(', ');
}

/** One job: when, what, where, and the one action it waits for. */
export function JobCard({ job: j, offline }: { job: PartnerJob; offline: boolean }) {
  const job = j.job;
  if (!job) return null;
  const where = destinationOf(j);
  return (
    <article className="card partner-job" data-order={job.orderId} data-status={JobStatus[job.status]}>
      <header className="partner-job-head">
        <strong className="partner-job-time">{showTimestamp(job.startsAt)}</strong>
        <span className="badge">{m.statuses[job.status]}</span>
      </header>
      <p className="partner-job-plan">
        <Link to={partnerTo('job', { orderId: job.orderId })}>{j.planName}</Link>
      </p>
      <p className="muted small">{messages.joined(j.customerName, where)}</p>
      {job.payVnd > 0n && (
        <p className="small" data-testid="job-pay">
          {messages.joined(m.earnings.pay(formatVnd(job.payVnd)), m.earnings.noShowPay(formatVnd(job.noShowPayVnd)))}
        </p>
      )}
      <Actions job={j} offline={offline} />
    </article>
  );
}

/** Accept or decline an open offer; otherwise the next step. Offline, nothing is sent: said so. */
export function Actions({ job: j, offline }: { job: PartnerJob; offline: boolean }) {
  const job = j.job;
  const now = useMinute();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  if (!job) return null;
  const run = async (work: () => Promise<unknown>) => {
    setError(undefined);
    if (offline || !navigator.onLine) {
      setError(m.offlineRefused);
      return;
    }
    setBusy(true);
    try {
      await work();
      setDeclining(false);
    } catch (e) {
      setError(actionError(e));
    } finally {
      setBusy(false);
    }
  };
  const offer = job.offers[0];
  // The server says the next step (the domain's order of steps); none when there is none.
  const next = job.nextStep === JobStatus.UNSPECIFIED ? undefined : job.nextStep;
  let body = null;
  if (job.status === JobStatus.OPEN && offer) {
    const expires = Number(offer.expiresAt?.seconds ?? 0) * 1000;
    if (offer.answer === 'declined') body = <p className="muted">{m.declined}</p>;
    else if (offer.answer === 'taken')
      body = (
        <p className="notice notice-warning" data-testid="taken-by-another">
          {m.takenByAnother}
        </p>
      );
    else if (expires <= now) body = <p className="muted">{m.offerLapsed}</p>;
    else
      body = (
        <>
          <p className="notice notice-info">{m.offer(showTimestamp(offer.expiresAt))}</p>
          <div className="partner-actions">
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void run(() => partnerActions.accept(job.orderId))}>
              {m.accept}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setDeclining(!declining)}>
              {m.decline}
            </button>
          </div>
          {declining && (
            <form
              className="partner-decline"
              onSubmit={(e) => {
                e.preventDefault();
                void run(() => partnerActions.decline(job.orderId, reason));
              }}
            >
              <Field label={m.declineReason} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} required />
              <button type="submit" className="button button-secondary" disabled={busy}>
                {m.declineSend}
              </button>
            </form>
          )}
        </>
      );
  } else if (next !== undefined) {
    // Where the traveller is met, their voucher starts the job (tapping "start" stays possible).
    const meeting = job.meeting;
    // A step that waits for a time (as the server says) shows when it opens, and opens then.
    const opens = (at: { seconds: bigint } | undefined) => (at ? Number(at.seconds) * 1000 : 0);
    const waiting = opens(job.nextStepAt) > now;
    const noShowOpen = job.noShowAt !== undefined && opens(job.noShowAt) <= now;
    body = (
      <>
        <div className="partner-actions">
          <button
            type="button"
            className="button button-primary button-block"
            disabled={busy || waiting}
            onClick={() => void run(() => partnerActions.advance(job.orderId, next))}
          >
            {m.steps[next]}
          </button>
        </div>
        {waiting && (
          <p className="muted small" data-testid="step-opens">
            {m.stepOpens(showTimestamp(job.nextStepAt))}
          </p>
        )}
        {meeting && <CheckIn busy={busy} send={(code) => void run(() => partnerActions.checkIn(job.orderId, code))} />}
        {noShowOpen && <NoShow busy={busy} send={(proof) => run(() => partnerActions.noShow(job.orderId, proof))} />}
        {job.noShowAt && !noShowOpen && (
          <p className="muted small" data-testid="no-show-opens">
            {m.noShowOpens(showTimestamp(job.noShowAt))}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {body}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
