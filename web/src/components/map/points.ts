// What the map draws, apart from the map itself (Leaflet), so that pages reckon their points
// without loading it.
import type { PartnerWhereabouts } from '@/gen/booking/v1/partner_pb';

/** A point on the map: a partner (blue) or a meeting point (orange), named by `label`. */
export interface MapPoint {
  key: string;
  latitude: number;
  longitude: number;
  label: string;
  kind: 'partner' | 'meeting';
}

/** A partner's whereabouts as points: them, and the meeting point when it is known. */
export function whereaboutsPoints(where: PartnerWhereabouts, labels: { partner: string; meeting: string }): MapPoint[] {
  const points: MapPoint[] = [];
  if (where.position) points.push({ key: 'partner', kind: 'partner', label: labels.partner, latitude: where.position.latitude, longitude: where.position.longitude });
  if (where.meetingLatitude !== undefined && where.meetingLongitude !== undefined)
    points.push({ key: 'meeting', kind: 'meeting', label: labels.meeting, latitude: where.meetingLatitude, longitude: where.meetingLongitude });
  return points;
}
