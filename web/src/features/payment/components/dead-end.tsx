import { Link } from 'react-router';
import { paymentMessages } from '@/lib/payment-messages';
import { FormError } from '@/components/form/form-error';

const m = paymentMessages.payment;

/** A payment page with nothing to show (no order, nothing to confirm): say why and lead on. */
export function DeadEnd({ title, error }: { title: string; error: string }) {
  return (
    <section className="payment-page">
      <h1>{title}</h1>
      <div className="card form-card">
        <FormError error={error} />
        <p className="order-back">
          <Link to="/member/order">{m.toOrders}</Link>
          {' · '}
          <Link to="/">{m.toHome}</Link>
        </p>
      </div>
    </section>
  );
}
