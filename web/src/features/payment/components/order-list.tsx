import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OrderState } from '@/gen/booking/v1/order_pb';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { showInstant } from '@/lib/vietnam-time';
import { listOrders, refusal, type Order } from '../api/payment-api';
import { LoadMore } from './load-more';

const m = messages.memberOrders;

/** `/member/order`: the customer's orders, newest first, with their state and a way to pay. */
export function OrderList() {
  const [orders, setOrders] = useState<Order[]>();
  const [next, setNext] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    listOrders()
      .then((page) => {
        setOrders(page.orders);
        setNext(page.next);
      })
      .catch((e: unknown) => setError(refusal(e, messages.errors.network)));
  }, []);
  if (error) return <p className="form-error">{error}</p>;
  if (!orders) return <p className="muted">{messages.loading}</p>;
  return (
    <section className="member-orders">
      <h1>{m.title}</h1>
      {orders.length === 0 ? (
        <p className="muted">
          {m.empty} <Link to="/">{m.start}</Link>
        </p>
      ) : (
        <ul className="order-list" data-testid="orders">
          {orders.map((o) => (
            <li key={o.id} className="card" data-order={o.id}>
              <div>
                <strong>{o.planName}</strong>
                <br />
                <span className="muted small">
                  {o.id}・{o.createdAt ? showInstant(new Date(Number(o.createdAt.seconds) * 1000)) : ''}
                </span>
              </div>
              <div className="order-list-side">
                <span className={`badge${o.state === OrderState.PENDING_PAYMENT ? ' badge-warning' : ''}`} data-testid="state">
                  {messages.order.states[o.state]}
                </span>
                <strong>{formatVnd(o.estimate?.totalVnd ?? 0n)}</strong>
                {o.state === OrderState.PENDING_PAYMENT && (
                  <Link className="button button-small button-primary" to={`/payment?order=${encodeURIComponent(o.id)}`}>
                    {m.pay}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        next={next}
        onMore={(token) => {
          void listOrders(token).then((page) => {
            setOrders((all) => [...(all ?? []), ...page.orders]);
            setNext(page.next);
          });
        }}
      />
    </section>
  );
}
