import { create } from '@bufbuild/protobuf';
import type { Timestamp } from '@bufbuild/protobuf/wkt';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OrderSchema } from '@/gen/booking/v1/order_pb';
import { DetailRows } from '@/features/order';
import { useRpc } from '@/lib/api/hooks';
import { refusal } from '@/lib/api/refusal';
import { messages } from '@/lib/messages';
import { showInstant, showTimestamp } from '@/lib/vietnam-time';
import { JobDispatchService } from '@/gen/booking/v1/job_pb';
import { keptSchedule, partnerActions } from './api';
import { HotelPhotos } from './hotel-photos';
import { Actions, destinationOf } from './job-card';
import { partnerMessages as m } from './messages';
import { partnerPaths } from './paths';
import { PartnerTalk } from './talk';

type Flow = 'shuttle' | 'charter' | 'escort' | 'massage';

/** Maps that open the destination: Google Maps, Waze, Apple Maps (each app's public link form). */
function directions(place: string): [string, string][] {
  const q = encodeURIComponent(place);
  return [
    ['Google Maps', `https://www.google.com/maps/search/?api=1&query=${q}`],
    ['Waze', `https://waze.com/ul?q=${q}&navigate=yes`],
    ['Apple Maps', `https://maps.apple.com/?q=${q}`],
  ];
}

/** One job in full: what the traveller entered, how to reach them, and the next step. */
export function JobPage({ orderId }: { orderId: string }) {
  const { data, error } = useRpc(JobDispatchService.method.getJob, { orderId }, { select: (r) => r.job });
  // With no signal, the copy kept with the schedule.
  const copy = error ? keptSchedule() : undefined;
  const kept = copy?.jobs.find((j) => j.job?.orderId === orderId);
  const j = data ?? kept;
  useEffect(() => {
    document.title = m.screenTitle(j?.planName ?? m.details);
  }, [j?.planName]);
  const back = (
    <p>
      <Link to={partnerPaths.schedule}>{m.back}</Link>
    </p>
  );
  if (!j?.job) {
    return (
      <section>
        {back}
        {error ? <p className="form-error">{refusal(error, m.notFound)}</p> : <p className="muted">{messages.loading}</p>}
      </section>
    );
  }
  const flow = j.details?.service.case as Flow | undefined;
  const place = destinationOf(j);
  return (
    <section className="partner-job-page" data-order={orderId}>
      {back}
      {kept && (
        <p className="notice notice-warning" role="status">
          {m.offline(showInstant(copy?.at ?? new Date(0)))}
        </p>
      )}
      <h1>{j.planName}</h1>
      <p>
        <strong>{showTimestamp(j.job.startsAt)}</strong> <span className="badge">{m.statuses[j.job.status]}</span>
      </p>
      {j.job.changedAt && <ChangedNotice orderId={orderId} at={j.job.changedAt} canDecline={j.job.canDeclineChange && !kept} />}
      <Actions job={j} offline={Boolean(kept)} />
      {!kept && j.job.partnerId && <PartnerTalk orderId={orderId} />}
      <dl className="summary">
        <dt>{m.customer}</dt>
        <dd>{j.customerName}</dd>
        <dt>{m.phone}</dt>
        <dd>{j.customerPhone ? <a href={`tel:${j.customerPhone.replace(/\s/g, '')}`}>{j.customerPhone}</a> : <span className="muted">{m.phoneHidden}</span>}</dd>
        {flow && <DetailRows flow={flow} order={create(OrderSchema, { details: j.details })} />}
        {j.note && (
          <>
            <dt>{m.note}</dt>
            <dd>{j.note}</dd>
          </>
        )}
      </dl>
      {!kept && j.job.partnerId && j.details?.service.case === 'massage' && <HotelPhotos orderId={orderId} ids={j.details.service.value.hotelImageIds} />}
      {place && (
        <>
          <h2>{m.directions}</h2>
          <p className="partner-actions">
            {directions(place).map(([name, href]) => (
              <a key={name} className="button button-secondary" href={href} target="_blank" rel="noreferrer">
                {name}
              </a>
            ))}
          </p>
        </>
      )}
    </section>
  );
}

/** The traveller changed the job since it was taken: what the page shows is the new booking, and
 * the partner may give it back while the server allows. */
function ChangedNotice({ orderId, at, canDecline }: { orderId: string; at: Timestamp; canDecline: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const give = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await partnerActions.declineChange(orderId);
      navigate(partnerPaths.schedule);
    } catch (e) {
      setError(refusal(e, m.loadFailed));
      setBusy(false);
    }
  };
  return (
    <div className="notice notice-warning partner-changed" role="status" data-testid="changed">
      <p>{m.changed(showTimestamp(at))}</p>
      {canDecline && (
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void give()}>
          {m.declineChange}
        </button>
      )}
      {error && <p className="form-error">{error}</p>}
    </div>
  );
}
