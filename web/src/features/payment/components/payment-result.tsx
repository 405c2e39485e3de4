import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Category } from '@/gen/booking/v1/catalog_pb';
import { allows, OrderAction } from '@/lib/order-actions';
import { reportPurchaseOnce } from '@/lib/analytics';
import { CURRENCY } from '@/lib/constants';
import { formatVnd } from '@/lib/format';
import { PaymentPurpose } from '@/gen/booking/v1/payment_pb';
import { PaymentState, refreshAfterSettlement, refusal, useOrder, usePayment, useVnPayReturn } from '../api/payment-api';
import { orderMessages } from '@/lib/order-messages';
import { paymentMessages } from '@/lib/payment-messages';
import { DeadEnd } from './dead-end';

const m = paymentMessages.payment;

/** The API's slug of a category (`DRAGON_MASSAGE` is `dragon-massage`), from the contract itself. */
function categorySlug(category: Category): string {
  return (Category[category] ?? '').toLowerCase().replace(/_/g, '-');
}

/** `/payment-complete`: the payment's outcome and its order; a paid order is reported once. */
export function PaymentResult({ onPaid }: { onPaid?: (orderId: string) => void }) {
  const [params] = useSearchParams();
  const vnpay = useMemo(() => {
    const found = Object.fromEntries([...params].filter(([k]) => k.startsWith('vnp_')));
    return Object.keys(found).length ? found : undefined;
  }, [params]);
  // Back from VNPay: the server verifies and applies the return; else the payment named.
  const returned = useVnPayReturn(vnpay);
  const followed = usePayment(vnpay ? returned.data?.id : (params.get('payment') ?? undefined));
  const payment = followed.data ?? returned.data;
  const asked = useOrder(payment?.orderId || (params.get('order') ?? ''));
  const order = asked.data;
  const failure = returned.error ?? followed.error ?? asked.error;
  const error = failure ? refusal(failure, m.badReturn) : undefined;

  // A payment that waited has settled: its order, now paid, is asked for again.
  const state = payment?.state;
  useEffect(() => {
    if (state !== undefined && state !== PaymentState.PENDING) void refreshAfterSettlement();
  }, [state]);

  // A change's difference or a tip is money beside an order paid before: its own outcome counts.
  const beside = payment?.purpose === PaymentPurpose.CHANGE || payment?.purpose === PaymentPurpose.TIP;
  const paid = !beside && (order?.paid ?? false);
  useEffect(() => {
    if (!order || !paid) return;
    const value = Number(order.estimate?.totalVnd ?? 0n);
    reportPurchaseOnce({
      transaction_id: order.id,
      value,
      currency: CURRENCY,
      items: [
        { item_id: order.planId, item_name: order.planName, item_category: categorySlug(order.category), price: value, quantity: 1 },
      ],
    });
    onPaid?.(order.id);
  }, [order, paid, onPaid]);

  const named = vnpay || params.get('payment') || params.get('order');
  if (error || !named) {
    return <DeadEnd title={m.completeTitle} error={error ?? m.nothingToCheck} />;
  }
  if (!payment && !order) return <p className="muted">{m.checking}</p>;
  const [title, lead, tone] = beside && state === PaymentState.SUCCEEDED
    ? payment?.purpose === PaymentPurpose.CHANGE
      ? [m.changeMade, m.changeMadeLead, 'success']
      : [m.tipGiven, m.tipGivenLead, 'success']
    : paid
    ? [m.succeeded, m.succeededLead, 'success']
    : state === PaymentState.SUCCEEDED && !payment?.orderId
      ? [paymentMessages.wallet.done(formatVnd(payment?.amountVnd ?? 0n)), '', 'success']
      : state === PaymentState.CREDITED
        ? [m.credited, m.creditedLead, 'warning']
        : state === PaymentState.FAILED
          ? [m.failed, m.failedLead, 'warning']
          : [m.pending, m.waiting, 'warning'];
  return (
    <section className="payment-page">
      <h1>{m.completeTitle}</h1>
      <div className="card form-card">
        <p className={`notice notice-${tone}`} role="status" data-testid="result">
          <strong>{title}</strong>
          {lead && <> {lead}</>}
        </p>
        {order && (
          <dl className="summary">
            <dt>{orderMessages.orderId}</dt>
            <dd data-testid="order-id">{order.id}</dd>
            <dt>{orderMessages.plan}</dt>
            <dd>{order.planName}</dd>
            <dt>{orderMessages.state}</dt>
            <dd data-testid="order-state">{orderMessages.states[order.state]}</dd>
            <dt>{m.amount}</dt>
            <dd>{formatVnd(order.estimate?.totalVnd ?? 0n)}</dd>
          </dl>
        )}
        <p className="order-back">
          {order && !paid && allows(order, OrderAction.PAY) && state !== PaymentState.PENDING && (
            <>
              <Link to={`/payment?order=${encodeURIComponent(order.id)}`}>{m.retry}</Link>
              {' · '}
            </>
          )}
          {order && beside ? (
            <Link to={`/member/order?id=${encodeURIComponent(order.id)}`}>{m.toOrder}</Link>
          ) : order ? (
            <Link to="/member/order">{m.toOrders}</Link>
          ) : (
            <Link to="/member/v-coin">{paymentMessages.wallet.title}</Link>
          )}
        </p>
      </div>
    </section>
  );
}
