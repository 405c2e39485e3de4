import { Link } from 'react-router';
import { allows, OrderAction } from '@/lib/order-actions';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useUpcoming } from '../api/member-orders-api';
import { serviceStart, StateBadge } from './member-orders';
import { orderMessages } from '@/lib/order-messages';

const m = memberMessages.home;

/** The member home's first card: the soonest order still to come, with what it needs next. */
export function NextOrder() {
  const upcoming = useUpcoming(1);
  // Undefined while loading; null when there is none or it could not be asked.
  const next = upcoming.isPending ? undefined : (upcoming.data?.[0] ?? null);
  return (
    <div className="card member-card" data-testid="next-order">
      <h2>{m.nextOrder}</h2>
      {next === undefined ? (
        <p className="muted">{messages.loading}</p>
      ) : next === null ? (
        <p className="muted">
          {m.noUpcoming} <Link to="/">{m.book}</Link>
        </p>
      ) : (
        <>
          <p>
            <Link to={`/member/order?id=${encodeURIComponent(next.id)}`}>
              <strong>{next.planName}</strong>
            </Link>{' '}
            <StateBadge order={next} />
          </p>
          <p className="muted small">
            {messages.joined(messages.aside(serviceStart(next), orderMessages.vietnamTime), formatVnd(next.estimate?.totalVnd ?? 0n))}
          </p>
          {allows(next, OrderAction.PAY) && (
            <Link className="button button-primary button-small" to={`/payment?order=${encodeURIComponent(next.id)}`}>
              {memberMessages.orders.pay}
            </Link>
          )}
        </>
      )}
      <p className="member-card-link">
        <Link to="/member/order">{m.allOrders}</Link>
      </p>
    </div>
  );
}
