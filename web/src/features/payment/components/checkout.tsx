import { Joined } from '@/components/joined';
import '../payment.css';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@/gen/booking/v1/order_pb';
import { allows, OrderAction } from '@/lib/order-actions';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { showInstant } from '@/lib/vietnam-time';
import { newKey, payOrder, PaymentMethod, refusal, useBalance, useMethods, useOpenTransfer, useOrder, type Payment } from '../api/payment-api';
import { completePath, usePaymentRequest, useSettlement } from '../hooks';
import { MethodPicker } from '@/components/payment/method-picker';
import { TransferPanel } from '@/components/payment/transfer-panel';
import { DeadEnd } from './dead-end';
import { orderMessages } from '@/lib/order-messages';
import { paymentMessages } from '@/lib/payment-messages';
import { FormError } from '@/components/form/form-error';

const m = paymentMessages.payment;

/** `/payment?order=…`: the order's total, the methods on offer, and paying. */
export function Checkout({ orderId, policy }: { orderId: string; policy?: (order: Order) => ReactNode }) {
  const navigate = useNavigate();
  const asked = useOrder(orderId);
  const order = asked.data;
  const methods = useMethods().data;
  const wallet = useBalance();
  const balance = wallet.data ?? 0n;
  const [chosen, setMethod] = useState<PaymentMethod>();
  const [chosenPayment, setPayment] = useState<Payment>();
  // With a transfer open, the customer may still pay another way (the transfer, if it comes
  // too, is credited to the wallet).
  const [otherWay, setOtherWay] = useState(false);
  // A transfer asked for before a reload is shown again at once: the same QR and memo.
  const open = useOpenTransfer(allows(order, OrderAction.PAY) ? orderId : '');
  const payment = chosenPayment ?? open.data ?? undefined;
  // Kept once found: the transfer is followed until it settles, after which it is no longer open.
  if (!chosenPayment && open.data) setPayment(open.data);
  const failure = asked.error ?? wallet.error;
  const error = failure ? refusal(failure, m.noOrder) : undefined;
  // One key per method for this page: a retry after a lost answer is the same request.
  const keys = useRef(new Map<PaymentMethod, string>());

  const settled = useCallback((p: Payment) => navigate(completePath(p)), [navigate]);
  useSettlement(payment, settled);
  const request = usePaymentRequest(setPayment, settled);
  const busy = request.busy;

  if (!orderId || (error && !order)) return <DeadEnd title={m.title} error={(orderId && error) || m.noOrder} />;
  if (!order || !methods || wallet.data === undefined || (open.isPending && !open.error)) {
    return <p className="muted">{messages.loading}</p>;
  }
  const problem = request.error ?? error;
  const total = order.estimate?.totalVnd ?? 0n;
  const transfer = payment?.transfer;
  const offered = transfer ? methods.filter((x) => x !== PaymentMethod.VIETQR) : methods;
  // V-coin first when it covers the total, else the first other method.
  const method =
    (chosen !== undefined && offered.includes(chosen) ? chosen : undefined) ??
    (balance >= total ? PaymentMethod.VCOIN : offered.find((x) => x !== PaymentMethod.VCOIN));
  const payable = allows(order, OrderAction.PAY);

  async function submit() {
    if (method === undefined) return;
    const key = keys.current.get(method) ?? newKey();
    keys.current.set(method, key);
    await request.send(() => payOrder(orderId, method, key));
  }

  return (
    <section className="payment-page">
      <h1>{m.title}</h1>
      <div className="order-grid">
        <div className="card form-card">
          {transfer && !(otherWay && payable) ? (
            <>
              <TransferPanel transfer={transfer} />
              {payable && offered.length > 0 && (
                <button type="button" className="button button-secondary button-block" onClick={() => setOtherWay(true)}>
                  {m.otherMethod}
                </button>
              )}
            </>
          ) : !payable ? (
            <>
              <p className="notice notice-warning">
                {messages.aside(m.notPayable, orderMessages.states[order.state] ?? '')}
              </p>
              <Link to="/member/order">{m.toOrders}</Link>
            </>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              {transfer && (
                <div className="notice notice-info" role="status" data-testid="transfer-still-open">
                  <p>{m.transferOpen(transfer.memo)}</p>
                  <button type="button" className="button button-small button-secondary" onClick={() => setOtherWay(false)}>
                    {m.backToTransfer}
                  </button>
                </div>
              )}
              <MethodPicker
                legend={m.title}
                methods={offered}
                chosen={method}
                onChoose={setMethod}
                disabled={busy}
                unavailable={(x) => x === PaymentMethod.VCOIN && balance < total}
                describe={(x) => (
                  <>
                    <span className="muted small">
                      {' '}
                      {x === PaymentMethod.VCOIN ? m.balance(formatVnd(balance)) : m.methodHints[x]}
                    </span>
                    {x === PaymentMethod.VCOIN && balance < total && (
                      <span className="small">
                        {' '}
                        <Joined parts={[m.short, <Link to="/member/v-coin">{m.topUpLink}</Link>]} />
                      </span>
                    )}
                  </>
                )}
              />
              <FormError error={problem} />
              <button type="submit" className="button button-primary button-block" disabled={busy || method === undefined}>
                {busy ? m.paying : messages.aside(m.pay, formatVnd(total))}
              </button>
            </form>
          )}
        </div>
        <aside className="card estimate-card">
          <h2>{m.order}</h2>
          <dl className="summary">
            <dt>{orderMessages.orderId}</dt>
            <dd data-testid="order-id">{order.id}</dd>
            <dt>{orderMessages.plan}</dt>
            <dd>{order.planName}</dd>
            <dt>{m.amountDue}</dt>
            <dd>
              <strong>{formatVnd(total)}</strong>
            </dd>
          </dl>
          {payable && order.expiresAt && (
            <p className="muted small">{orderMessages.expiresAt(showInstant(new Date(Number(order.expiresAt.seconds) * 1000)))}</p>
          )}
          {policy?.(order)}
        </aside>
      </div>
    </section>
  );
}

