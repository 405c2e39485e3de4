import { create } from '@bufbuild/protobuf';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PayBy, useSettled } from '@/components/payment/pay-by';
import { TransferPanel } from '@/components/payment/transfer-panel';
import { Field } from '@/components/form/field';
import { FormError } from '@/components/form/form-error';
import { OrderDetailsSchema, OrderService, RefundTo, type Order, type OrderDetails } from '@/gen/booking/v1/order_pb';
import { PaymentMethod, PaymentService, PaymentState, type Payment } from '@/gen/booking/v1/payment_pb';
import { useRpc } from '@/lib/api/hooks';
import { refusal } from '@/lib/api/refusal';
import { callRpc, invalidate } from '@/lib/api/rpc';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { messages } from '@/lib/messages';
import { useToast } from '@/lib/toasts';
import { showTimestamp } from '@/lib/vietnam-time';
import type { RefundWish } from '../api/member-orders-api';
import { RefundChoice } from './refund-choice';

const m = memberMessages.amend;
const calls = OrderService.method;

/** The fields a change may touch, as text: the service's time for every flow, and a shuttle's
 * flight, address, passengers and child seats. */
interface Edit {
  start: string;
  flightNumber: string;
  address: string;
  passengers: string;
  childSeats: string;
}

function editOf(order: Order): Edit {
  const s = order.details?.service;
  const shuttle = s?.case === 'shuttle' ? s.value : undefined;
  return {
    start: s?.value?.start ?? '',
    flightNumber: shuttle?.flightNumber ?? '',
    address: shuttle?.address ?? '',
    passengers: String(shuttle?.passengers ?? ''),
    childSeats: String(shuttle?.childSeats ?? ''),
  };
}

/** The order's details with the edit in place; the server checks and prices them. */
function detailsOf(order: Order, edit: Edit): OrderDetails {
  const service = order.details?.service;
  const number = (text: string) => (/^\d+$/.test(text) ? Number(text) : 0);
  const start = edit.start;
  switch (service?.case) {
    case 'shuttle':
      return create(OrderDetailsSchema, {
        service: {
          case: 'shuttle',
          value: { ...service.value, start, flightNumber: edit.flightNumber, address: edit.address, passengers: number(edit.passengers), childSeats: number(edit.childSeats) },
        },
      });
    case 'charter':
      return create(OrderDetailsSchema, { service: { case: 'charter', value: { ...service.value, start } } });
    case 'escort':
      return create(OrderDetailsSchema, { service: { case: 'escort', value: { ...service.value, start } } });
    case 'massage':
      return create(OrderDetailsSchema, { service: { case: 'massage', value: { ...service.value, start } } });
    default:
      return create(OrderDetailsSchema, {});
  }
}

/** A paid order's change: its new time (and a shuttle's flight, address and party), priced by the
 * server as it is typed; more is paid from the wallet or by VietQR or VNPay, less goes back as the
 * customer chooses. */
export function ChangeCard({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const { data: terms } = useRpc(calls.quoteOrderChange, { orderId: order.id }, { retry: false });
  if (!open)
    return (
      <div className="card form-card" data-testid="change">
        <h2>{m.title}</h2>
        {terms?.changeUntil && <p className="muted small">{m.until(showTimestamp(terms.changeUntil))}</p>}
        <button type="button" className="button button-secondary button-block" onClick={() => setOpen(true)}>
          {m.open}
        </button>
      </div>
    );
  return <ChangeForm order={order} onDone={() => setOpen(false)} />;
}

function ChangeForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const toast = useToast();
  const [edit, setEdit] = useState<Edit>(() => editOf(order));
  const [wish, setWish] = useState<RefundWish>({ to: RefundTo.WALLET });
  const [method, setMethod] = useState(PaymentMethod.VCOIN);
  const [waiting, setWaiting] = useState<Payment>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // One key per method and details: a retry after a lost answer is the same request.
  const keys = useRef(new Map<string, string>());
  const details = detailsOf(order, edit);
  const { data: quote, error: refused } = useRpc(calls.quoteOrderChange, { orderId: order.id, details }, { retry: false });
  const { data: terms } = useRpc(calls.quoteCancellation, { orderId: order.id }, { retry: false });
  const difference = quote ? quote.afterVnd - quote.beforeVnd : 0n;
  const set = (field: keyof Edit) => (e: { target: { value: string } }) => setEdit({ ...edit, [field]: e.target.value });
  const shuttle = order.details?.service.case === 'shuttle';

  // A change paid by transfer is made when the money arrives (or, if the booking moved meanwhile,
  // the money is in the wallet).
  const settled = useCallback(
    (p: Payment) => {
      void invalidate(OrderService, PaymentService);
      toast(p.state === PaymentState.SUCCEEDED ? m.done : m.lapsed, p.state === PaymentState.SUCCEEDED ? 'success' : 'info');
      onDone();
    },
    [toast, onDone],
  );
  useSettled(waiting, settled);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const payBy = difference > 0n ? method : PaymentMethod.VCOIN;
      const asked = `${payBy}:${JSON.stringify(edit)}`;
      const key = keys.current.get(asked) ?? crypto.randomUUID();
      keys.current.set(asked, key);
      const done = await callRpc(
        calls.changePaidOrder,
        {
          orderId: order.id,
          details,
          refundTo: wish.to,
          account: wish.to === RefundTo.SOURCE ? wish.account : undefined,
          payBy,
        },
        { 'idempotency-key': key },
      );
      if (done.payment?.redirectUrl) {
        window.location.assign(done.payment.redirectUrl);
        return;
      }
      if (done.payment) {
        setWaiting(done.payment);
        return;
      }
      await invalidate(OrderService, PaymentService);
      toast(done.changed ? m.done : m.same, 'success');
      onDone();
    } catch (e) {
      setError(refusal(e, messages.errors.network));
    } finally {
      setBusy(false);
    }
  };

  if (waiting?.transfer)
    return (
      <div className="card form-card" data-testid="change">
        <h2>{m.title}</h2>
        <p className="notice notice-info">{m.waiting}</p>
        <TransferPanel transfer={waiting.transfer} />
      </div>
    );

  return (
    <form
      className="card form-card"
      data-testid="change"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{m.title}</h2>
      <Field label={m.start} type="datetime-local" value={edit.start} onChange={set('start')} />
      {shuttle && (
        <>
          <Field label={m.flight} value={edit.flightNumber} onChange={set('flightNumber')} />
          <Field label={m.address} value={edit.address} onChange={set('address')} />
          <Field label={m.passengers} inputMode="numeric" value={edit.passengers} onChange={set('passengers')} />
          <Field label={m.childSeats} inputMode="numeric" value={edit.childSeats} onChange={set('childSeats')} />
        </>
      )}
      <p data-testid="change-price" role="status">
        {refused
          ? refusal(refused, messages.errors.network)
          : quote &&
            (difference > 0n ? m.more(formatVnd(quote.beforeVnd), formatVnd(quote.afterVnd), formatVnd(difference)) : difference < 0n ? m.less(formatVnd(quote.beforeVnd), formatVnd(quote.afterVnd), formatVnd(-difference)) : m.same)}
      </p>
      {difference < 0n && terms?.chooseSource && <RefundChoice sources={terms.sources} onChange={setWish} />}
      {difference > 0n && <PayBy legend={m.payBy} chosen={method} onChoose={setMethod} disabled={busy} />}
      <FormError error={error} />
      {/* From the wallet: the way to fill it is at hand. */}
      {difference > 0n && method === PaymentMethod.VCOIN && (
        <p>
          <Link to="/member/v-coin">{m.topUp}</Link>
        </p>
      )}
      <div className="order-actions">
        <button type="submit" className="button button-primary button-block" disabled={busy || !!refused}>
          {busy ? messages.working : m.submit}
        </button>
        <button type="button" className="button button-secondary button-block" onClick={onDone}>
          {m.keep}
        </button>
      </div>
    </form>
  );
}
