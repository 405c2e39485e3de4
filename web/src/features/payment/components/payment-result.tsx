import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Category } from '@/gen/booking/v1/catalog_pb';
import { OrderState } from '@/gen/booking/v1/order_pb';
import { reportPurchaseOnce } from '@/lib/analytics';
import { CURRENCY } from '@/lib/constants';
import { formatVnd } from '@/lib/format';
import {
  completeVnPayReturn,
  getOrder,
  getPayment,
  PaymentState,
  refusal,
  type Order,
  type Payment,
} from '../api/payment-api';
import { useSettlement } from '../hooks';
import { orderMessages } from '@/lib/order-messages';
import { paymentMessages } from '@/lib/payment-messages';

const m = paymentMessages.payment;
const PAID = [OrderState.PAID, OrderState.CONFIRMED, OrderState.COMPLETED];

/** The API's slug of a category (`DRAGON_MASSAGE` is `dragon-massage`), from the contract itself. */
function categorySlug(category: Category): string {
  return (Category[category] ?? '').toLowerCase().replace(/_/g, '-');
}

/** `/payment-complete`: the payment's outcome and its order; a paid order is reported once. */
export function PaymentResult({ onPaid }: { onPaid?: (orderId: string) => void }) {
  const [params] = useSearchParams();
  const [payment, setPayment] = useState<Payment>();
  const [order, setOrder] = useState<Order>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    const vnpay = Object.fromEntries([...params].filter(([k]) => k.startsWith('vnp_')));
    const paymentId = params.get('payment');
    const found = Object.keys(vnpay).length
      ? completeVnPayReturn(vnpay)
      : paymentId
        ? getPayment(paymentId)
        : Promise.resolve(undefined);
    found
      .then(async (p) => {
        setPayment(p);
        const orderId = p?.orderId || params.get('order');
        if (orderId) setOrder(await getOrder(orderId));
      })
      .catch((e: unknown) => setError(refusal(e, m.badReturn)));
  }, [params]);

  const settled = useCallback((p: Payment) => {
    setPayment(p);
    if (p.orderId) void getOrder(p.orderId).then(setOrder);
  }, []);
  useSettlement(payment, settled);

  const paid = order !== undefined && PAID.includes(order.state);
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

  if (error) return <p className="form-error">{error}</p>;
  if (!payment && !order) return <p className="muted">{m.checking}</p>;
  const state = payment?.state;
  const [title, lead, tone] = paid
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
          {order && !paid && order.state === OrderState.PENDING_PAYMENT && state !== PaymentState.PENDING && (
            <>
              <Link to={`/payment?order=${encodeURIComponent(order.id)}`}>{m.retry}</Link>
              {' · '}
            </>
          )}
          {order ? <Link to="/member/order">{m.toOrders}</Link> : <Link to="/member/v-coin">{paymentMessages.wallet.title}</Link>}
        </p>
      </div>
    </section>
  );
}
