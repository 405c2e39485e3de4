import '../order.css';
import { Link, useSearchParams } from 'react-router';
import { OrderGroup, type Order } from '@/gen/booking/v1/order_pb';
import { allows, OrderAction } from '@/lib/order-actions';
import { LoadMore } from '@/components/load-more';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { instantOf, showLocal } from '@/lib/vietnam-time';
import { isTab, TABS, useTab, type Tab } from '../api/member-orders-api';
import { refusal } from '@/lib/api/refusal';
import { orderMessages } from '@/lib/order-messages';

const m = memberMessages.orders;

/** `/member/order`: the customer's orders by state, newest first, a page at a time. */
export function MemberOrders() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'all';
  const { items: orders, hasMore, error: failure, more } = useTab(tab);
  const error = failure === undefined ? undefined : refusal(failure, messages.errors.network);
  return (
    <section className="member-orders">
      <h1>{memberMessages.nav.orders}</h1>
      <div className="tabs" role="tablist" aria-label={memberMessages.nav.orders}>
        {(Object.keys(TABS) as Tab[]).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === tab}
            className={t === tab ? 'tab tab-active' : 'tab'}
            onClick={() => setParams(t === 'all' ? {} : { tab: t })}
          >
            {m.tabs[t]}
          </button>
        ))}
      </div>
      {error && <p className="form-error">{error}</p>}
      {!orders ? (
        !error && <p className="muted">{messages.loading}</p>
      ) : orders.length === 0 ? (
        <p className="muted empty-state">
          {m.empty} <Link to="/">{memberMessages.home.book}</Link>
        </p>
      ) : (
        <ul className="order-list" data-testid="orders">
          {orders.map((o) => (
            <OrderRow key={o.id} order={o} />
          ))}
        </ul>
      )}
      <LoadMore hasMore={hasMore} onMore={more} />
    </section>
  );
}

/** When the service starts, in Vietnam time, from the order's details. */
/** The service's start as the customer entered it (Vietnam time, `YYYY-MM-DDTHH:MM`). */
export function startOf(order: Order): string {
  return (order.details?.service.value as { start?: string } | undefined)?.start ?? '';
}

/** The start as an instant, when the order has one. */
export function startInstant(order: Order): Date | undefined {
  const start = startOf(order);
  return start ? instantOf(start) : undefined;
}

/** The start as shown: `2026/11/24 21:30`. */
export function serviceStart(order: Order): string {
  return showLocal(startOf(order));
}

/** The state's words, toned by the group the server puts it in: unpaid warns, paid is good. */
const TONE: Record<OrderGroup, string> = {
  [OrderGroup.UNSPECIFIED]: '',
  [OrderGroup.UNPAID]: ' badge-warning',
  [OrderGroup.UPCOMING]: ' badge-success',
  [OrderGroup.DONE]: ' badge-success',
  [OrderGroup.CLOSED]: '',
};

export function StateBadge({ order }: { order: Pick<Order, 'state' | 'group'> }) {
  return (
    <span className={`badge${TONE[order.group]}`} data-testid="state">
      {orderMessages.states[order.state]}
    </span>
  );
}

function OrderRow({ order: o }: { order: Order }) {
  const detail = `/member/order?id=${encodeURIComponent(o.id)}`;
  return (
    <li className="card" data-order={o.id}>
      <div>
        <Link to={detail} className="order-list-name">
          <strong>{o.planName}</strong>
        </Link>
        <br />
        <span className="muted small">
          {messages.joined(`${m.serviceAt} ${messages.aside(serviceStart(o), orderMessages.vietnamTime)}`, o.id)}
        </span>
      </div>
      <div className="order-list-side">
        <StateBadge order={o} />
        <strong>{formatVnd(o.estimate?.totalVnd ?? 0n)}</strong>
        {allows(o, OrderAction.PAY) ? (
          <Link className="button button-small button-primary" to={`/payment?order=${encodeURIComponent(o.id)}`}>
            {m.pay}
          </Link>
        ) : (
          <Link className="button button-small button-secondary" to={detail}>
            {m.view}
          </Link>
        )}
      </div>
    </li>
  );
}
