import { Joined } from '@/components/joined';
import '../order.css';
import { fromBinary, toBinary } from '@bufbuild/protobuf';
import { base64Decode, base64Encode } from '@bufbuild/protobuf/wire';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { stepPath } from '@/lib/paths';
import { useModal } from '@/lib/modals';
import { useToast } from '@/lib/toasts';
import { OrderSchema, OrderState, RefundTo, type Order, type OrderEvent } from '@/gen/booking/v1/order_pb';
import { allows, OrderAction } from '@/lib/order-actions';
import { keepAppOffline, keepOffline, readOffline } from '@/lib/offline';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { showTimestamp } from '@/lib/vietnam-time';
import { cancelOrder, quoteCancellation, type RefundWish } from '../api/member-orders-api';
import { useOrder } from '../api/order-api';
import { refusal } from '@/lib/api/refusal';
import { draftFromOrder } from '../draft';
import type { Flow } from '../flows';
import { Breakdown } from './breakdown';
import { StateBadge } from './member-orders';
import { ContactRows, DetailRows } from './order-rows';
import { OrderCancellationLine } from './cancellation-line';
import { ChangeCard } from './change-card';
import { RefundChoice } from './refund-choice';
import { InvoiceCard } from './invoice-card';
import { RefundProgress } from './refund-progress';
import { TipCard } from './tip-card';
import { JobProgress } from './job-progress';
import { JobTalk } from './job-talk';
import { downloadCalendar, Voucher } from './voucher';
import { orderMessages } from '@/lib/order-messages';

const m = memberMessages.orders;


interface Props {
  id: string;
  /** More rows for a flow's own fields (the massage therapist and photos), from the details. */
  more?: (flow: Flow, details: Record<string, unknown>) => ReactNode;
  /** A completed order's review, drawn by the page. */
  review?: (orderId: string) => ReactNode;
}

/** One order in the member area: its progress, what was booked, who serves it, what it cost. */
export function MemberOrderDetail({ id, more, review }: Props) {
  const { data: order, error: failure } = useOrder(id);
  // An order to be served is kept for reading offline (its voucher), with the app's files; in
  // protobuf's binary form, as the app carries no JSON codec (vite.config.ts).
  useEffect(() => {
    if (!order || !allows(order, OrderAction.VOUCHER)) return;
    keepOffline(`voucher:${order.id}`, base64Encode(toBinary(OrderSchema, order)));
    keepAppOffline();
  }, [order]);
  const kept = failure && !order && !navigator.onLine ? readOffline(`voucher:${id}`) : null;
  if (kept) return <OfflineVoucher order={fromBinary(OrderSchema, base64Decode(kept))} />;
  const error = failure ? refusal(failure, m.notFound) : undefined;
  const back = (
    <p>
      <Link to="/member/order">{m.back}</Link>
    </p>
  );
  if (error)
    return (
      <section className="member-order">
        {back}
        <p className="form-error">{error}</p>
      </section>
    );
  if (!order) return <p className="muted">{messages.loading}</p>;
  const flow = order.details?.service.case as Flow | undefined;
  const details = (order.details?.service.value ?? {}) as unknown as Record<string, unknown>;
  return (
    <section className="member-order" data-order={order.id}>
      {back}
      <header className="member-order-head">
        <div>
          <h1>{order.planName}</h1>
          <p className="muted small">
            <Joined
              parts={[
                <>
                  {orderMessages.orderId} <span data-testid="order-id">{order.id}</span>
                </>,
                `${m.createdAt} ${showTimestamp(order.createdAt)}`,
              ]}
            />
          </p>
        </div>
        <StateBadge order={order} />
      </header>
      {allows(order, OrderAction.FOLLOW_JOB) && <JobProgress orderId={order.id} />}
      {allows(order, OrderAction.FOLLOW_JOB) && <JobTalk orderId={order.id} />}
      {allows(order, OrderAction.VOUCHER) && <VoucherBar order={order} />}
      <div className="order-grid">
        <div>
          <div className="card form-card">
            <h2>{m.serviceTitle}</h2>
            <dl className="summary">
              {flow && <DetailRows flow={flow} order={order} />}
              {flow && more?.(flow, details)}
            </dl>
            <OrderCancellationLine order={order} />
          </div>
          {allows(order, OrderAction.AMEND) && <ChangeCard order={order} />}
          {allows(order, OrderAction.REVIEW) && review?.(order.id)}
          {allows(order, OrderAction.REVIEW) && <TipCard orderId={order.id} />}
          {order.state === OrderState.REFUNDED && <RefundProgress orderId={order.id} />}
          <InvoiceCard orderId={order.id} />
          {flow && flow !== 'massage' && <DriverCard order={order} guide={flow === 'escort'} />}
          <div className="card form-card">
            <h2>{m.contactTitle}</h2>
            <dl className="summary">
              <ContactRows order={order} />
            </dl>
          </div>
          <div className="card form-card">
            <h2>{m.timeline}</h2>
            <Timeline events={order.events} />
          </div>
        </div>
        <aside className="card estimate-card">
          <h2>{orderMessages.breakdown}</h2>
          {order.estimate && <Breakdown estimate={order.estimate} />}
          <Actions order={order} flow={flow} />
        </aside>
      </div>
    </section>
  );
}

function DriverCard({ order, guide }: { order: Order; guide: boolean }) {
  const d = order.driver;
  return (
    <div className="card form-card" data-testid="driver">
      <h2>{guide ? m.guideTitle : m.driverTitle}</h2>
      {d ? (
        <dl className="summary">
          <dt>{m.driverName}</dt>
          <dd>{d.name}</dd>
          <dt>{m.driverPhone}</dt>
          <dd>
            <a href={`tel:+${d.phoneCountryCode}${d.phoneNumber}`}>
              +{d.phoneCountryCode} {d.phoneNumber}
            </a>
          </dd>
          {d.plate && (
            <>
              <dt>{m.plate}</dt>
              <dd>{d.plate}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">{m.driverPending}</p>
      )}
    </div>
  );
}

/** The order's states in the order they happened, with who moved it and why. */
function Timeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="timeline" data-testid="timeline">
      {events.map((e, i) => (
        <li key={i}>
          <strong>{orderMessages.states[e.to]}</strong>
          <span className="muted small">
            {messages.joined(showTimestamp(e.at), m.actors[e.actor.split(':')[0] ?? ''] ?? e.actor)}
          </span>
          <span className="small">{reasonText(e)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Why a step was taken, in words, from the parts the server sends: a payment by its method, an
 * assignment with its name, a refund with its fee, its amount and what the one who cancelled said
 * (who cancelled is the step's actor). Words kept before reasons were codes are shown as they are.
 */
export function reasonText(event: Pick<OrderEvent, 'why' | 'reason' | 'actor'>): string {
  const why = event.why;
  switch (why.case) {
    case 'paid':
      return m.paidBy[why.value.method] ?? event.reason;
    case 'driver':
    case 'therapist':
      return `${m.assigned[why.case]} ${why.value}`;
    case 'refunded':
      return m.refunded(event.actor.startsWith('operator:'), why.value.said, formatVnd(why.value.feeVnd), formatVnd(why.value.refundVnd));
    case 'changed':
      return m.changed(formatVnd(why.value.beforeVnd), formatVnd(why.value.afterVnd));
    case 'code':
      return m.reasons[why.value] ?? why.value;
    default:
      return m.reasons[event.reason] ?? event.reason;
  }
}

function Actions({ order, flow }: { order: Order; flow?: Flow }) {
  const modal = useModal();
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function cancel() {
    setBusy(true);
    try {
      const q = await quoteCancellation(order.id);
      const choice = q.refundVnd > 0n && q.chooseSource;
      let wish: RefundWish = { to: RefundTo.WALLET };
      const terms =
        q.paidVnd === 0n
          ? m.cancelUnpaid
          : (choice ? memberMessages.refund.quote : m.cancelQuote)(formatVnd(q.paidVnd), formatVnd(q.feeVnd), formatVnd(q.refundVnd));
      const free = q.paidVnd > 0n && q.feeVnd === 0n ? ` ${m.cancelFree(showTimestamp(q.freeUntil))}` : '';
      // Cancelling cannot be undone: the warning modal, not the plain confirmation.
      const yes = await modal.warning({
        title: m.cancel,
        message: (
          <>
            <p>{m.cancelAsk}</p>
            <p data-testid="cancel-quote">
              {terms}
              {free}
            </p>
            {choice && (
              <RefundChoice
                sources={q.sources}
                onChange={(next) => {
                  wish = next;
                }}
              />
            )}
          </>
        ),
        cancelText: m.cancelKeep,
        confirmText: m.cancelDo,
      });
      if (!yes) return;
      const done = await cancelOrder(order.id, wish);
      const refund = done.refundVnd > 0n ? formatVnd(done.refundVnd) : '';
      toast(refund && wish.to === RefundTo.SOURCE ? memberMessages.refund.cancelled(refund) : m.cancelled(refund), 'success');
    } catch (e) {
      toast(refusal(e, messages.errors.network), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="order-actions">
      {allows(order, OrderAction.PAY) && (
        <>
          <p className="muted small">{m.payBy(showTimestamp(order.expiresAt))}</p>
          <Link className="button button-primary button-block" to={`/payment?order=${encodeURIComponent(order.id)}`}>
            {messages.aside(m.pay, formatVnd(order.estimate?.totalVnd ?? 0n))}
          </Link>
        </>
      )}
      {flow && (
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={() => {
            draftFromOrder(flow, order);
            navigate(stepPath(flow, 'step1', order.planId));
          }}
        >
          {m.bookAgain}
        </button>
      )}
      <Link className="button button-secondary button-block" to={`/member/customer-service?order=${encodeURIComponent(order.id)}`}>
        {m.askSupport}
      </Link>
      {allows(order, OrderAction.CANCEL) && (
        <button type="button" className="button button-danger-text button-block" disabled={busy} onClick={() => void cancel()}>
          {busy ? messages.working : m.cancel}
        </button>
      )}
    </div>
  );
}

/** An order still to be served: shown to the driver as a voucher, or put in a calendar. */
function VoucherBar({ order }: { order: Order }) {
  const [shown, setShown] = useState(false);
  const v = memberMessages.voucher;
  return (
    <div className="voucher-bar">
      <div className="order-actions">
        <button type="button" className="button button-primary" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? v.hide : v.show}
        </button>
        <button type="button" className="button button-secondary" onClick={() => void downloadCalendar(order)}>
          {v.calendar}
        </button>
      </div>
      {shown && <Voucher order={order} />}
    </div>
  );
}

/** No connection: the voucher as it was when last opened here. */
function OfflineVoucher({ order }: { order: Order }) {
  return (
    <section className="member-order" data-order={order.id}>
      <p className="notice notice-warning" role="status">
        {memberMessages.voucher.offline}
      </p>
      <h1>{order.planName}</h1>
      <Voucher order={order} />
    </section>
  );
}
