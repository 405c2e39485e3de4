import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { MapTiles } from '@/gen/booking/v1/partner_pb';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/**
 * The partner on the way, and the meeting point, on the site's tiles. Its own chunk: Leaflet loads
 * only on the page that shows it. Points are drawn as circles (no marker images to fetch), the
 * view fits both, and moves as new readings come.
 */
export default function PartnerMap({ tiles, partner, meeting, labels }: { tiles: MapTiles; partner: MapPoint; meeting?: MapPoint; labels: { map: string; partner: string; meeting: string } }) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ map: L.Map; partner: L.CircleMarker; meeting: L.CircleMarker } | undefined>(undefined);

  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { scrollWheelZoom: false });
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    const dot = (color: string, label: string) => L.circleMarker([0, 0], { radius: 9, color: '#fff', weight: 2, fillColor: color, fillOpacity: 1 }).bindTooltip(label);
    drawn.current = { map, partner: dot('#0b6bcb', labels.partner).addTo(map), meeting: dot('#c2410c', labels.meeting) };
    return () => {
      map.remove();
      drawn.current = undefined;
    };
  }, [tiles.url, tiles.attribution, labels.partner, labels.meeting]);

  const [mLat, mLng] = [meeting?.latitude, meeting?.longitude];
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const at = L.latLng(partner.latitude, partner.longitude);
    d.partner.setLatLng(at);
    if (mLat !== undefined && mLng !== undefined) {
      d.meeting.setLatLng([mLat, mLng]).addTo(d.map);
      d.map.fitBounds(L.latLngBounds([at, d.meeting.getLatLng()]), { padding: [32, 32], maxZoom: 16 });
    } else {
      d.meeting.remove();
      d.map.setView(at, 15);
    }
  }, [partner.latitude, partner.longitude, mLat, mLng]);

  return <div ref={box} className="partner-map" data-testid="partner-map" role="img" aria-label={labels.map} />;
}
