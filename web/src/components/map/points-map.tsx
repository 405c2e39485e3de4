import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { MapTiles } from '@/gen/booking/v1/partner_pb';
import type { MapPoint } from './points';

const COLOURS: Record<MapPoint['kind'], string> = { partner: '#0b6bcb', meeting: '#c2410c' };

/**
 * Partners and meeting points on the site's tiles. Its own chunk: Leaflet loads only on the pages
 * that show it (imported lazily). Points are circles (no marker images to fetch); the view fits
 * them all, and follows as new readings come.
 */
export default function PointsMap({ tiles, points, label, testId = 'points-map' }: { tiles: MapTiles; points: MapPoint[]; label: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ map: L.Map; dots: Map<string, L.CircleMarker> } | undefined>(undefined);

  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { scrollWheelZoom: false });
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    drawn.current = { map, dots: new Map() };
    return () => {
      map.remove();
      drawn.current = undefined;
    };
  }, [tiles.url, tiles.attribution]);

  // Redrawn when a point moves, comes or goes: the key of all of them says so.
  const shape = points.map((p) => `${p.key}:${p.kind}:${p.latitude},${p.longitude}:${p.label}`).join('|');
  useEffect(() => {
    const d = drawn.current;
    if (!d) return;
    const seen = new Set<string>();
    for (const p of points) {
      seen.add(p.key);
      let dot = d.dots.get(p.key);
      if (!dot) {
        dot = L.circleMarker([p.latitude, p.longitude], { radius: 9, color: '#fff', weight: 2, fillColor: COLOURS[p.kind], fillOpacity: 1 }).addTo(d.map);
        d.dots.set(p.key, dot);
      }
      dot.setLatLng([p.latitude, p.longitude]).bindTooltip(p.label);
    }
    for (const [key, dot] of d.dots) {
      if (!seen.has(key)) {
        dot.remove();
        d.dots.delete(key);
      }
    }
    const at = points.map((p) => L.latLng(p.latitude, p.longitude));
    if (at.length > 1) d.map.fitBounds(L.latLngBounds(at), { padding: [32, 32], maxZoom: 16 });
    else if (at[0]) d.map.setView(at[0], 15);
    // `shape` stands for `points`: a new array of the same points redraws nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  return <div ref={box} className="points-map" data-testid={testId} role="img" aria-label={label} />;
}
