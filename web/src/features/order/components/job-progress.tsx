import { timestampMs } from '@bufbuild/protobuf/wkt';
import { lazy, Suspense, useState } from 'react';
import { TravellerJobService } from '@/gen/booking/v1/job_pb';
import { JobStatus, MeetingPoint, type GeoPoint, type MapTiles, type PartnerWhereabouts } from '@/gen/booking/v1/partner_pb';
import { whereaboutsPoints } from '@/components/map/points';
import { useRpc } from '@/lib/api/hooks';
import { memberMessages } from '@/lib/member-messages';
import { useNow } from '@/lib/use-minute';
import { showTimestamp } from '@/lib/vietnam-time';

const m = memberMessages.orders;
// Leaflet and its styles come only with a partner on the way, in their own chunk.
const PointsMap = lazy(() => import('@/components/map/points-map'));

/** Where the one who serves the order is: set off, arrived, begun, and while on the way or there
 * how far and how soon. Read again on every live change of the order or new reading of the
 * partner's phone (the stream marks it stale), so it moves without a reload. */
export function JobProgress({ orderId }: { orderId: string }) {
  // Where the traveller's own phone says they are, once they ask: the server measures from it.
  const [near, setNear] = useState<GeoPoint | undefined>();
  const answer = useRpc(TravellerJobService.method.getJobProgress, { orderId, near }).data;
  const progress = answer?.progress;
  const said = progress && m.progress[JobStatus[progress.status]];
  if (!progress || !said) return null;
  const step = progress.steps.findLast((s) => s.status === progress.status);
  return (
    <div className="notice notice-info" role="status" data-testid="job-progress" data-status={JobStatus[progress.status]}>
      <p>
        <strong>{said}</strong> {step && <span className="muted small">{showTimestamp(step.at)}</span>}
      </p>
      {progress.whereabouts && <Whereabouts where={progress.whereabouts} tiles={answer.tiles} onNear={setNear} />}
    </div>
  );
}

function Whereabouts({ where, tiles, onNear }: { where: PartnerWhereabouts; tiles?: MapTiles; onNear: (p: GeoPoint) => void }) {
  const now = useNow(1000);
  const [refused, setRefused] = useState(false);
  const position = where.position;
  if (!position?.takenAt) return null;
  const age = Math.max(0, Math.round((now - timestampMs(position.takenAt)) / 1000));
  const distance = where.distanceM === undefined ? undefined : m.where.distance(where.distanceM);
  const from = where.meeting === MeetingPoint.AIRPORT ? m.where.fromAirport : m.where.fromYou;
  const map = `https://www.google.com/maps/search/?api=1&query=${position.latitude},${position.longitude}`;
  const askNear = () =>
    navigator.geolocation.getCurrentPosition(
      (p) => onNear({ $typeName: 'booking.v1.GeoPoint', latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => setRefused(true),
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  return (
    <>
      {tiles && (
        <Suspense fallback={<div className="points-map" />}>
          <PointsMap tiles={tiles} points={whereaboutsPoints(where, { partner: m.where.partnerHere, meeting: m.where.meetingHere })} label={m.where.mapLabel} testId="partner-map" />
        </Suspense>
      )}
      <p data-testid="job-whereabouts">
        {distance && (
          <strong data-testid="job-distance" data-metres={where.distanceM}>
            {from(distance)}
          </strong>
        )}
        {where.etaMinutes !== undefined && <> · {m.where.eta(where.etaMinutes)}</>}
        <br />
        <span className="muted small">{m.where.fresh(age)}</span> ·{' '}
        <a href={map} target="_blank" rel="noreferrer">
          {m.where.map}
        </a>
        {where.meeting !== MeetingPoint.AIRPORT && 'geolocation' in navigator && (
          <>
            <br />
            <button type="button" className="btn btn-link" onClick={askNear}>
              {m.where.nearMe}
            </button>
            {refused && <span className="field-error">{m.where.nearRefused}</span>}
          </>
        )}
      </p>
    </>
  );
}
