import '../massage.css';
import { useTherapists } from '../hooks';
import { Thumbnail } from './hotel-photos';
import { orderMessages } from '@/lib/order-messages';
import { massageMessages } from '@/lib/massage-messages';

const m = massageMessages;

interface Props {
  therapist: string;
  therapistId: string;
  hotelImageIds: string[];
}

/** Confirm's rows for a massage: the therapist by name, and the photos that go with the order. */
export function MassageSummary({ therapist, therapistId, hotelImageIds }: Props) {
  const all = useTherapists(therapist === 'specific' ? {} : null);
  const name = all?.find((t) => t.id === therapistId)?.name ?? therapistId;
  return (
    <>
      {therapist === 'specific' && (
        <>
          <dt>{orderMessages.therapistId}</dt>
          <dd data-testid="chosen-therapist">{name}</dd>
        </>
      )}
      {hotelImageIds.length > 0 && (
        <>
          <dt>{orderMessages.hotelImageIds}</dt>
          <dd>
            <ul className="photo-grid photo-grid-small">
              {hotelImageIds.map((id, n) => (
                <li key={id} className="photo" data-testid="confirm-photo">
                  <Thumbnail id={id} alt={m.photoAlt(n + 1)} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}
