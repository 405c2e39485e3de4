import { Joined } from '@/components/joined';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Field, SelectField, TextAreaField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { MassageSummary } from '@/features/massage';
import { Breakdown, ContactRows, DetailRows, reasonText, startInstant, startOf, StateBadge } from '@/features/order';
import { refusal } from '@/lib/api/refusal';
import { allows, OrderAction } from '@/lib/order-actions';
import { HOME_COUNTRY_CODE } from '@/lib/constants';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { orderMessages } from '@/lib/order-messages';
import { paymentMessages } from '@/lib/payment-messages';
import { opsTo } from '../paths';
import { showLocal, showTimestamp } from '@/lib/vietnam-time';
import { RefundTo } from '@/gen/booking/v1/order_pb';
import { actions, useAudit, useFreeTherapists, useOrder, useOrderPayments, type Order } from '../api';
import { consoleMessages } from '../messages';
import { useAction } from '../use-action';
import { flowOf } from '../order-facts';
import { FormError } from '@/components/form/form-error';
import { OrderJob } from './order-job';

const m = consoleMessages.order;

/** One order as operators see it, with what they may do to it. */
export function OrderPage({ orderId }: { orderId: string }) {
  const { data: order, error } = useOrder(orderId);
  const back = (
    <p>
      <Link to={opsTo('orders')}>{m.back}</Link>
    </p>
  );
  if (error)
    return (
      <section>
        {back}
        <p className="form-error">{refusal(error, m.notFound)}</p>
      </section>
    );
  if (!order) return <p className="muted">{messages.loading}</p>;
  const flow = flowOf(order);
  return (
    <section className="console-order" data-order={order.id} data-version={String(order.version)}>
      {back}
      <header className="console-order-head">
        <div>
          <h1>{order.planName}</h1>
          <p className="muted small">
            <Joined
              parts={[
                <>
                  {orderMessages.orderId} <span data-testid="order-id">{order.id}</span>
                </>,
                <>
                  {m.customerId} <Link to={opsTo('customer', { customerId: order.customerId })}>{order.customerId}</Link>
                </>,
                showTimestamp(order.createdAt),
              ]}
            />
          </p>
        </div>
        <StateBadge order={order} />
      </header>
      <div className="console-order-grid">
        <div>
          <Card title={m.service} className="console-first">
            <dl className="summary">
              {flow && <DetailRows flow={flow} order={order} />}
              {flow === 'massage' && <MassageRows order={order} />}
            </dl>
          </Card>
          <Card title={m.assigned}>
            <Assigned order={order} />
          </Card>
          <Card title={consoleMessages.job.title}>
            <OrderJob order={order} />
          </Card>
          <Card title={m.contact}>
            <dl className="summary">
              <ContactRows order={order} />
            </dl>
          </Card>
          <Card title={m.timeline}>
            <ol className="timeline">
              {order.events.map((e, i) => (
                <li key={i}>
                  <strong>{orderMessages.states[e.to]}</strong>
                  <span className="muted small">
                    {messages.joined(showTimestamp(e.at), e.actor)}
                  </span>
                  <span className="small">{reasonText(e)}</span>
                </li>
              ))}
            </ol>
          </Card>
          <Card title={m.audit}>
            <AuditLines target={`order:${order.id}`} />
            <NoteForm order={order} />
          </Card>
        </div>
        <aside>
          <Card title={m.payment}>{order.estimate && <Breakdown estimate={order.estimate} />}</Card>
          <Card title={m.payments}>
            <Payments orderId={order.id} />
          </Card>
          <Card title={m.actions} className="console-second">
            <Actions order={order} />
          </Card>
        </aside>
      </div>
    </section>
  );
}

/** A massage's therapist by name and the customer's hotel photos (staff may open them). */
function MassageRows({ order }: { order: Order }) {
  const d = order.details?.service.value as { therapist?: string; therapistId?: string; hotelImageIds?: string[] } | undefined;
  return <MassageSummary therapist={d?.therapist ?? ''} therapistId={d?.therapistId ?? ''} hotelImageIds={d?.hotelImageIds ?? []} />;
}

/** Every payment tried for the order: method, amount, state, when. */
function Payments({ orderId }: { orderId: string }) {
  const { data: payments } = useOrderPayments(orderId);
  if (!payments) return <p className="muted">{messages.loading}</p>;
  if (payments.length === 0) return <p className="muted">{m.noPayments}</p>;
  const p = paymentMessages.payment;
  return (
    <ul className="console-audit" data-testid="payments">
      {payments.map((pay) => (
        <li key={pay.id}>
          <span>
            {messages.joined(p.methods[pay.method] ?? '', formatVnd(pay.amountVnd), p.states[pay.state] ?? '')}
          </span>
          <span className="small muted">
            {messages.joined(pay.id, showTimestamp(pay.createdAt))}
            {pay.settledAt && ` → ${showTimestamp(pay.settledAt)}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Card({ title, className = '', children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <div className={`card form-card ${className}`.trim()}>
      <h2>{title}</h2>
      {children}
    </div>
  );
}

function Assigned({ order }: { order: Order }) {
  const flow = flowOf(order);
  if (flow === 'massage') {
    const d = order.details?.service.value as { therapistId?: string } | undefined;
    return <p data-testid="assigned">{d?.therapistId ? messages.labelled(m.therapist, d.therapistId) : m.nobody}</p>;
  }
  const d = order.driver;
  return (
    <p data-testid="assigned">
      {d
        ? messages.labelled(flow === 'escort' ? m.guide : m.driver, messages.joined(...[d.name, `+${d.phoneCountryCode} ${d.phoneNumber}`, d.plate].filter(Boolean)))
        : m.nobody}
      {d?.typed && (
        <span className="badge badge-warning" data-testid="typed-driver">
          {m.typedDriver}
        </span>
      )}
    </p>
  );
}

function AuditLines({ target }: { target: string }) {
  const { items, hasMore, more } = useAudit({ target });
  if (!items) return <p className="muted">{messages.loading}</p>;
  if (items.length === 0) return <p className="muted">{consoleMessages.empty}</p>;
  return (
    <>
      <ul className="console-audit" data-testid="order-audit">
        {items.map((e) => (
          <li key={e.id} className={e.action === 'order.note' ? 'console-note' : undefined}>
            <span className="muted small">
              {messages.joined(showTimestamp(e.at), e.actor, e.action)}
            </span>
            {e.reason && <span>{e.reason}</span>}
            {e.after && <span className="small muted">{e.after}</span>}
          </li>
        ))}
      </ul>
      {hasMore && (
        <button type="button" className="button button-small button-secondary" onClick={more}>
          {messages.loadMore}
        </button>
      )}
    </>
  );
}

/** The order screen's changes: a stale version is said as someone else's change first. */
function useOrderAction() {
  const { error, run } = useAction();
  return { error, run: (work: () => Promise<unknown>, o: Parameters<typeof run>[1] = {}) => run(work, { raced: m.changed, ...o }) };
}

function NoteForm({ order }: { order: Order }) {
  const { register, handleSubmit, reset, formState } = useForm<{ note: string }>();
  const { error, run } = useOrderAction();
  const submit = handleSubmit(async ({ note }) => {
    if (await run(() => actions.note(order, note))) reset();
  });
  return (
    <form onSubmit={submit} className="console-form">
      <TextAreaField label={m.note} rows={2} maxLength={1000} {...register('note', { required: true })} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.addNote} block={false} variant="secondary" />
    </form>
  );
}

function Actions({ order }: { order: Order }) {
  const { error, run } = useOrderAction();
  const flow = flowOf(order);
  const can = (action: OrderAction) => allows(order, action);
  // The server completes an order only once its service has started (`Order::require_served`);
  // the page's time is when it was drawn, and a reload (or the refusal's words) says more.
  const [seenAt] = useState(() => Date.now());
  const served = (startInstant(order)?.getTime() ?? 0) <= seenAt;
  const ask = (message: string, work: () => Promise<unknown>) => run(work, { ask: message });
  return (
    <div className="console-actions">
      <FormError error={error} />
      {can(OrderAction.CONFIRM) && (
        <button type="button" className="button button-primary" onClick={() => void ask(m.confirmAsk, () => actions.confirm(order))}>
          {m.confirm}
        </button>
      )}
      {can(OrderAction.ASSIGN) && flow !== 'massage' && <DriverForm order={order} />}
      {can(OrderAction.ASSIGN) && flow === 'massage' && <TherapistForm order={order} />}
      {can(OrderAction.COMPLETE) && (
        <>
          <button
            type="button"
            className="button button-secondary"
            disabled={!served}
            aria-describedby={served ? undefined : 'complete-when'}
            onClick={() => void ask(m.completeAsk, () => actions.complete(order))}
          >
            {m.complete}
          </button>
          {!served && (
            <p className="small muted" id="complete-when" data-testid="complete-when">
              {m.completeWhen(showLocal(startOf(order)))}
            </p>
          )}
        </>
      )}
      {can(OrderAction.PAY) && <TransferForm order={order} />}
      {can(OrderAction.CANCEL) && <CancelForm order={order} />}
    </div>
  );
}

function DriverForm({ order }: { order: Order }) {
  // The partner who accepted the job is changed on the job (taken back first), never typed over.
  if (order.driver && !order.driver.typed) {
    return (
      <p className="muted small" data-testid="driver-from-partner">
        {m.driverFromPartner}
      </p>
    );
  }
  return <TypedDriverForm order={order} />;
}

/** A driver with no partner account, typed in by operators. */
function TypedDriverForm({ order }: { order: Order }) {
  const { error, run } = useOrderAction();
  const d = order.driver;
  const label = d ? m.changeDriver : m.assignDriver;
  const { register, handleSubmit, formState } = useForm({
    // Drivers and guides are local: Vietnam's code until another is typed.
    defaultValues: { name: d?.name ?? '', phoneCountryCode: d?.phoneCountryCode ?? HOME_COUNTRY_CODE, phoneNumber: d?.phoneNumber ?? '', plate: d?.plate ?? '' },
  });
  const submit = handleSubmit(async (driver) => {
    const phone = `+${driver.phoneCountryCode.replace(/^\+/, '')} ${driver.phoneNumber}`;
    await run(() => actions.assignDriver(order, driver), { ask: messages.labelled(label, messages.joined(driver.name, phone, driver.plate)) });
  });
  return (
    <form className="console-form" onSubmit={submit} data-testid="driver-form">
      <h3>{label}</h3>
      <Field label={m.driverName} {...register('name', { required: true })} />
      <div className="field-row">
        <Field label={m.countryCode} className="input-narrow" inputMode="tel" {...register('phoneCountryCode', { required: true })} />
        <Field label={m.driverPhone} type="tel" inputMode="tel" {...register('phoneNumber', { required: true })} />
      </div>
      {flowOf(order) !== 'escort' && <Field label={m.plate} {...register('plate')} />}
      <FormFooter error={error} busy={formState.isSubmitting} label={label} block={false} />
    </form>
  );
}

function TherapistForm({ order }: { order: Order }) {
  const { error, run } = useOrderAction();
  const d = order.details?.service.value as { start?: string; durationMinutes?: number } | undefined;
  const { data: free } = useFreeTherapists(d?.start ?? '', d?.durationMinutes ?? 60);
  const { register, handleSubmit, formState } = useForm<{ therapistId: string }>();
  const submit = handleSubmit(async ({ therapistId }) => {
    const name = free?.find((t) => t.id === therapistId)?.name ?? therapistId;
    await run(() => actions.assignTherapist(order, therapistId), { ask: messages.labelled(m.assignTherapist, name) });
  });
  return (
    <form className="console-form" onSubmit={submit}>
      <h3>{m.assignTherapist}</h3>
      {free && free.length === 0 ? (
        <p className="muted">{m.noTherapistFree}</p>
      ) : (
        <SelectField
          label={m.chooseTherapist}
          options={(free ?? []).map((t) => ({ value: t.id, label: messages.aside(t.name, messages.list(t.languages.map(consoleMessages.catalog.spoken))) }))}
          {...register('therapistId', { required: true })}
        />
      )}
      <FormFooter error={error} busy={formState.isSubmitting} label={m.assignTherapist} block={false} />
    </form>
  );
}

function TransferForm({ order }: { order: Order }) {
  const { error, run } = useOrderAction();
  const { register, handleSubmit, formState } = useForm<{ bankRef: string }>();
  const submit = handleSubmit(async ({ bankRef }) => {
    await run(() => actions.markPaid(order, bankRef), { ask: m.markPaidAsk(bankRef) });
  });
  return (
    <form className="console-form" onSubmit={submit}>
      <h3>{m.markPaid}</h3>
      <Field label={m.bankRef} {...register('bankRef', { required: true })} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.markPaid} block={false} />
    </form>
  );
}

interface CancelFields {
  reason: string;
  refund: string;
  to: 'wallet' | 'source';
  bank: string;
  number: string;
  holder: string;
}

function CancelForm({ order }: { order: Order }) {
  const { error, run } = useOrderAction();
  const { register, handleSubmit, formState, control } = useForm<CancelFields>({ defaultValues: { to: 'wallet' } });
  const toSource = useWatch({ control, name: 'to' }) === 'source';
  const submit = handleSubmit(async ({ reason, refund, to, bank, number, holder }) => {
    const custom = refund.trim() === '' ? undefined : BigInt(refund.replace(/[^\d]/g, '') || '0');
    let terms: string;
    try {
      const q = await actions.quoteCancel(order);
      if (custom !== undefined) terms = (toSource ? m.cancelCustomSource : m.cancelCustom)(formatVnd(custom));
      else if (!q || q.paidVnd === 0n) terms = m.cancelUnpaid;
      else terms = (toSource ? m.cancelQuoteSource : m.cancelQuote)(formatVnd(q.paidVnd), formatVnd(q.feeVnd), formatVnd(q.refundVnd));
    } catch (e) {
      terms = refusal(e, consoleMessages.failed);
    }
    const account = to === 'source' && number.trim() ? { bank, number, holder } : undefined;
    await run(() => actions.cancel(order, reason, custom, to === 'source' ? RefundTo.SOURCE : RefundTo.WALLET, account), {
      ask: {
        title: m.cancel,
        message: (
          <>
            <p>{m.cancelAsk}</p>
            <p data-testid="cancel-terms">{terms}</p>
          </>
        ),
      },
    });
  });
  return (
    <form className="console-form" onSubmit={submit} data-testid="cancel-form">
      <h3>{m.cancel}</h3>
      <Field label={m.cancelReason} {...register('reason', { required: true })} />
      <Field label={m.refundCustom} inputMode="numeric" {...register('refund')} />
      <SelectField
        label={m.refundTo}
        options={[
          { value: 'wallet', label: m.refundToWallet },
          { value: 'source', label: m.refundToSource },
        ]}
        {...register('to')}
      />
      {toSource && (
        <>
          <p className="muted small">{m.refundAccountHint}</p>
          <Field label={m.refundBank} {...register('bank')} />
          <Field label={m.refundNumber} {...register('number')} />
          <Field label={m.refundHolder} {...register('holder')} />
        </>
      )}
      <FormFooter error={error} busy={formState.isSubmitting} label={m.cancel} block={false} variant="danger" />
    </form>
  );
}
