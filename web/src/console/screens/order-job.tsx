import { lazy, Suspense, useState } from 'react';
import { whereaboutsPoints } from '@/components/map/points';
import type { MapTiles, PartnerWhereabouts } from '@/gen/booking/v1/partner_pb';
import { SelectField } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { messages } from '@/lib/messages';
import { showTimestamp } from '@/lib/vietnam-time';
import { JobThreadView } from '@/components/job-thread/job-thread';
import { allows, OrderAction } from '@/lib/order-actions';
import { useAtomValue } from 'jotai';
import { liveConnectedAtom } from '@/lib/live-state';
import { actions, FALLBACK_POLL_MS, JobStatus, useFollowPositions, useOrderJob, useOrderJobThread, usePartners, type Job, type Order, type Partner } from '../api';
import { consoleMessages } from '../messages';
import { useAction } from '../use-action';
import { useMinute } from '@/lib/use-minute';
import { useImageUrl } from '@/features/massage';

const m = consoleMessages.job;
// Leaflet comes only with a partner to show, in its own chunk.
const PointsMap = lazy(() => import('@/components/map/points-map'));

/** One job's flags, as the board and the order page say them. */
export function jobFlag(job: Job): string | undefined {
  if (job.redispatch) return m.redispatch;
  const handedOver = m.handedOver[job.handedOver];
  if (handedOver) return handedOver;
  if (job.unanswered) return m.unanswered;
  return undefined;
}

/** The order's job: its status, partner and offers; offering it and taking it back. */
export function OrderJob({ order }: { order: Order }) {
  const { data } = useOrderJob(order.id, useAtomValue(liveConnectedAtom) ? false : FALLBACK_POLL_MS);
  const job = data?.job;
  // While the partner shares where they are, each reading comes on the live stream.
  useFollowPositions(job?.meeting ? [order.id] : []);
  const { data: partners } = usePartners(true);
  const { error, run } = useAction();
  const byId = new Map((partners ?? []).map((p) => [p.userId, p]));
  // What may be done is the server's to say: the order's dispatch, and what its job allows.
  const dispatchable = allows(order, OrderAction.DISPATCH);
  const open = !job || job.canOffer;
  const taken = job?.canTakeBack;
  const holder = job?.partnerId ? byId.get(job.partnerId) : undefined;
  return (
    <div data-testid="order-job" data-status={job ? JobStatus[job.status] : 'NONE'}>
      <FormError error={error} />
      {job ? (
        <p>
          <strong>{m.statuses[job.status]}</strong>
          {holder && ` · ${m.partner} ${holder.name}`}
          {job.byHand && ` · ${m.byHandNow}`}
        </p>
      ) : (
        <p className="muted">{m.none}</p>
      )}
      {job && jobFlag(job) && <p className="notice notice-warning">{jobFlag(job)}</p>}
      {data?.whereabouts && <Whereabouts where={data.whereabouts} tiles={data.tiles} />}
      {job?.noShow && <NoShowProof proof={job.noShow} />}
      {job && job.offers.length > 0 && <Offers job={job} byId={byId} />}
      {!dispatchable && !job && <p className="muted small">{m.notPaid}</p>}
      {dispatchable && open && (
        <OfferForm
          partners={(partners ?? []).filter((p) => p.active && p.serves.includes(order.category))}
          offer={(partnerId) => run(() => actions.offerJob(order.id, partnerId))}
          offerAll={() => run(() => actions.offerJob(order.id))}
        />
      )}
      {dispatchable && open && (
        <button
          type="button"
          className="button button-small"
          data-testid="job-dispatch"
          onClick={() => void run(() => actions.setJobDispatch(order.id, !job?.byHand))}
        >
          {job?.byHand ? m.automatic : m.byHand}
        </button>
      )}
      {taken && (
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() => void run(() => actions.withdrawJob(order.id), { ask: m.withdrawAsk(holder?.name ?? '') })}
        >
          {m.withdraw}
        </button>
      )}
      <OrderTalk orderId={order.id} taken={Boolean(job?.partnerId)} />
    </div>
  );
}

/** Where the partner on the way or there is, as the traveller sees it: how far, how soon, and on
 * the map with the meeting point when the site draws one. */
function Whereabouts({ where, tiles }: { where: PartnerWhereabouts; tiles?: MapTiles }) {
  const at = where.position;
  if (!at) return null;
  return (
    <div data-testid="job-whereabouts">
      <p className="small">
        {messages.joined(
          m.lastReport(showTimestamp(at.takenAt)),
          ...(where.distanceM === undefined ? [] : [m.distance(where.distanceM)]),
          ...(where.etaMinutes === undefined ? [] : [m.eta(where.etaMinutes, where.etaByRoad)]),
        )}
      </p>
      {tiles && (
        <Suspense fallback={<div className="points-map" />}>
          <PointsMap tiles={tiles} points={whereaboutsPoints(where, { partner: m.mapPartner, meeting: m.mapMeeting })} label={m.map} />
        </Suspense>
      )}
    </div>
  );
}

/** What the partner showed when nobody came: the photo they took, and where and when. */
function NoShowProof({ proof }: { proof: NonNullable<Job['noShow']> }) {
  const photo = useImageUrl(proof.photoUrl);
  const at = proof.position;
  return (
    <figure className="console-proof" data-testid="no-show-proof">
      <figcaption>
        {m.noShow}
        {at && (
          <>
            {' · '}
            <a href={`https://www.google.com/maps/search/?api=1&query=${at.latitude},${at.longitude}`} target="_blank" rel="noreferrer">
              {m.noShowWhere(showTimestamp(at.takenAt), Math.round(at.accuracy))}
            </a>
          </>
        )}
      </figcaption>
      {photo && <img src={photo} alt={m.noShowPhoto} width={240} />}
    </figure>
  );
}

/** What the traveller and the partner said to each other, read only. */
function OrderTalk({ orderId, taken }: { orderId: string; taken: boolean }) {
  const { data: thread } = useOrderJobThread(orderId, taken);
  if (!thread || thread.messages.length === 0) return null;
  return <JobThreadView thread={thread} words={m.talk} />;
}

function Offers({ job, byId }: { job: Job; byId: Map<string, Partner> }) {
  const now = useMinute();
  return (
    <>
      <h3 className="small">{m.offers}</h3>
      <ul className="console-audit" data-testid="job-offers">
        {job.offers.map((o) => {
          const expires = o.expiresAt ? Number(o.expiresAt.seconds) * 1000 : 0;
          const answer =
            o.answer === 'accepted'
              ? m.accepted
              : o.answer === 'declined'
                ? m.declined(o.reason)
                : o.answer === 'taken'
                  ? m.takenByAnother
                  : expires > now
                  ? m.waiting(showTimestamp(o.expiresAt))
                  : m.lapsed;
          return (
            <li key={o.partnerId}>
              <strong>{byId.get(o.partnerId)?.name ?? o.partnerId}</strong>
              <span className="small muted">{messages.joined(showTimestamp(o.offeredAt), answer)}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function OfferForm({ partners, offer, offerAll }: { partners: Partner[]; offer: (id: string) => Promise<boolean>; offerAll: () => Promise<boolean> }) {
  const [chosen, setChosen] = useState('');
  const partnerId = chosen || partners[0]?.userId || '';
  return (
    <div className="console-form">
      {partners.length > 0 && (
        <div className="console-row">
          <SelectField
            label={m.offerTo}
            value={partnerId}
            onChange={(e) => setChosen(e.target.value)}
            options={partners.map((p) => ({ value: p.userId, label: p.name }))}
          />
          <button type="button" className="button button-small button-primary" onClick={() => void offer(partnerId)}>
            {m.offer}
          </button>
        </div>
      )}
      <button type="button" className="button button-small button-secondary" onClick={() => void offerAll()}>
        {m.offerAll}
      </button>
    </div>
  );
}
