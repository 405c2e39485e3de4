import type { Order } from '@/gen/booking/v1/order_pb';
import { messages } from '@/lib/messages';
import { showLocal } from '@/lib/vietnam-time';
import { FIELDS, labelOf, type Flow } from '../flows';
import { orderMessages } from '@/lib/order-messages';

const m = orderMessages;

/** The details as the customer entered them, labelled as on step1. */
export function DetailRows({ flow, order }: { flow: Flow; order: Order }) {
  const details = (order.details?.service.value ?? {}) as unknown as Record<string, string | number>;
  return FIELDS[flow].flatMap((spec) => {
    const raw = details[spec.name];
    // Custom fields other than a fixed choice are the page's to show.
    if (spec.kind === 'custom' && !spec.labels) return [];
    if (raw === undefined || raw === '' || (spec.kind === 'number' && !spec.required && spec.min === 0 && Number(raw) === 0)) return [];
    let shown = String(raw);
    if (spec.kind === 'datetime') shown = messages.aside(showLocal(shown), m.vietnamTime);
    if (spec.name === 'durationMinutes') shown = messages.catalog.minutes(Number(raw));
    else shown = spec.labels?.[shown] ?? shown;
    return [
      <dt key={`${spec.name}-t`}>{labelOf(spec, details)}</dt>,
      <dd key={`${spec.name}-d`}>{shown}</dd>,
    ];
  });
}

/** Who the driver, guide or therapist calls, and the customer's note. */
export function ContactRows({ order }: { order: Order }) {
  return (
    <>
      {order.contact && (
        <>
          <dt>{m.contactName}</dt>
          <dd>{order.contact.name}</dd>
          <dt>{m.phoneNumber}</dt>
          <dd>
            +{order.contact.phoneCountryCode} {order.contact.phoneNumber}
          </dd>
          {order.contact.messagingApp && (
            <>
              <dt>{m.messagingApps[order.contact.messagingApp]}</dt>
              <dd>{order.contact.messagingId}</dd>
            </>
          )}
        </>
      )}
      {order.note && (
        <>
          <dt>{m.note}</dt>
          <dd>{order.note}</dd>
        </>
      )}
    </>
  );
}
