import { useState } from 'react';
import { useHotelPhoto } from './api';
import { partnerMessages as m } from './messages';

function Photo({ orderId, imageId, n, thumbnail }: { orderId: string; imageId: string; n: number; thumbnail: boolean }) {
  const { data: url, error } = useHotelPhoto(orderId, imageId, thumbnail);
  if (error) return <span className="muted">{m.hotelPhotoFailed}</span>;
  return url ? <img src={url} alt={m.hotelPhoto(n)} /> : <span className="partner-photo-wait" aria-busy="true" />;
}

/** The traveller's photos of the hotel on a massage job: thumbnails, one shown large when tapped. */
export function HotelPhotos({ orderId, ids }: { orderId: string; ids: string[] }) {
  const [large, setLarge] = useState<string>();
  if (ids.length === 0) return null;
  const shown = ids.indexOf(large ?? '');
  return (
    <section className="partner-hotel-photos" aria-labelledby="hotel-photos">
      <h2 id="hotel-photos">{m.hotelPhotos}</h2>
      <p className="muted">{m.hotelPhotosHint}</p>
      <ul>
        {ids.map((id, n) => (
          <li key={id}>
            <button type="button" aria-pressed={large === id} onClick={() => setLarge(large === id ? undefined : id)} data-testid="hotel-photo">
              <Photo orderId={orderId} imageId={id} n={n + 1} thumbnail />
            </button>
          </li>
        ))}
      </ul>
      {large && shown >= 0 && (
        <figure className="partner-photo-large" data-testid="hotel-photo-large">
          <Photo orderId={orderId} imageId={large} n={shown + 1} thumbnail={false} />
        </figure>
      )}
    </section>
  );
}
