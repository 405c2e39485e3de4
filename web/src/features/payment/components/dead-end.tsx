import { Link } from 'react-router';
import { paymentMessages } from '@/lib/payment-messages';

const m = paymentMessages.payment;

/** A payment page with nothing to show (no order, nothing to confirm): say why and lead on. */
export function DeadEnd({ title, error }: { title: string; error: string }) {
  return (
    <section className="payment-page">
      <h1>{title}</h1>
      <div className="card form-card">
        <p className="form-error" role="alert">
          {error}
        </p>
        <p className="order-back">
          <Link to="/member/order">{m.toOrders}</Link>
          {' · '}
          <Link to="/">{m.toHome}</Link>
        </p>
      </div>
    </section>
  );
}
