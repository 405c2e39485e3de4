import type { Order } from '@/gen/booking/v1/order_pb';
import { memberMessages } from '@/lib/member-messages';
import { useQrImage } from '@/lib/use-qr';
import { instantOf, showLocal } from '@/lib/vietnam-time';

const m = memberMessages.voucher;


interface Facts {
  start?: string;
  durationMinutes?: number;
  address?: string;
  pickupAddress?: string;
  meetingPoint?: string;
  hotelName?: string;
  hotelAddress?: string;
  room?: string;
  flightNumber?: string;
}

function factsOf(order: Order): Facts {
  return (order.details?.service.value ?? {}) as unknown as Facts;
}

/** Where the service starts, in the words the customer gave. */
function placeOf(f: Facts): string {
  return f.address || f.pickupAddress || f.meetingPoint || [f.hotelName, f.hotelAddress, f.room && `#${f.room}`].filter(Boolean).join(' ');
}

/** What to show the driver, guide or hotel desk: the order number large, its QR, when and where. */
export function Voucher({ order }: { order: Order }) {
  const qr = useQrImage(order.id, 200, 1);
  const f = factsOf(order);
  return (
    <div className="voucher" data-testid="voucher">
      <p className="voucher-label">{m.number}</p>
      <p className="voucher-number">{order.id}</p>
      {qr && <img src={qr} width={200} height={200} alt={m.qrAlt(order.id)} />}
      <dl className="summary">
        <dt>{m.plan}</dt>
        <dd>{order.planName}</dd>
        {f.start && (
          <>
            <dt>{m.time}</dt>
            <dd>{m.vietnam(showLocal(f.start))}</dd>
          </>
        )}
        {f.flightNumber && (
          <>
            <dt>{m.flight}</dt>
            <dd>{f.flightNumber}</dd>
          </>
        )}
        <dt>{m.place}</dt>
        <dd>{placeOf(f)}</dd>
        {order.contact && (
          <>
            <dt>{m.traveller}</dt>
            <dd>{order.contact.name}</dd>
          </>
        )}
      </dl>
    </div>
  );
}

/** Downloads the order as an .ics event: the service's time (Vietnam time, stored in UTC), place and link. */
export async function downloadCalendar(order: Order): Promise<void> {
  const { default: ical } = await import('ical-generator');
  const f = factsOf(order);
  if (!f.start) return;
  const start = instantOf(f.start);
  const end = new Date(start.getTime() + (f.durationMinutes || 60) * 60_000);
  const link = `${window.location.origin}/member/order?id=${encodeURIComponent(order.id)}`;
  const calendar = ical({ name: m.calendarName });
  calendar.createEvent({
    id: `${order.id}@booking`,
    start,
    end,
    summary: order.planName,
    location: placeOf(f),
    description: m.calendarText(order.id, link),
    url: link,
  });
  const file = new Blob([calendar.toString()], { type: 'text/calendar;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(file);
  a.download = `${order.id}.ics`;
  a.click();
  URL.revokeObjectURL(a.href);
}
