import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OrderState, type Order } from '@/gen/booking/v1/order_pb';
import { allows, OrderAction, OrderGroup } from '@/lib/order-actions';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { showInstant } from '@/lib/vietnam-time';
import { useOrder } from '../api/order-api';
import { refusal } from '@/lib/api/refusal';
import { useDraft } from '../draft';
import { useLeaveWarning } from '../leave-warning';
import { stepPath } from '@/lib/paths';
import type { Flow } from '../flows';
import { Breakdown } from './breakdown';
import { OrderCancellationLine } from './cancellation-line';
import { PromoCode } from './promo-code';
import { CompanyInvoice } from './company-invoice';
import { ContactRows, DetailRows } from './order-rows';
import { NoOrder } from './order-step2';
import { StepPage } from '@/components/step-page';
import { orderMessages } from '@/lib/order-messages';

const m = orderMessages;

/** Confirm: the order as the server holds it, its breakdown, and the way to payment. */
interface Props {
  flow: Flow;
  /** More rows for the flow's custom fields, from the order's details. */
  more?: (details: Record<string, unknown>) => ReactNode;
}

export function OrderConfirm({ flow, more }: Props) {
  const [draft, setDraft] = useDraft(flow);
  const { data: order, error: failure } = useOrder(draft.orderId);
  useLeaveWarning(order?.group === OrderGroup.UNPAID);
  const error = failure ? refusal(failure, messages.errors.network) : undefined;
  if (!draft.orderId) return <NoOrder flow={flow} planId={draft.planId} />;
  if (error) return <p className="form-error">{error}</p>;
  if (!order) return <p className="muted">{messages.loading}</p>;
  const total = order.estimate?.totalVnd ?? 0n;
  return (
    <StepPage flow={flow} step={3}>
      <div className="order-grid">
        <div className="card form-card">
          <h2>{order.planName}</h2>
          <dl className="summary">
            <dt>{m.orderId}</dt>
            <dd data-testid="order-id">{order.id}</dd>
            <dt>{m.state}</dt>
            <dd>{stateLabel(order)}</dd>
            <DetailRows flow={flow} order={order} />
            {more?.((order.details?.service.value ?? {}) as unknown as Record<string, unknown>)}
            <ContactRows order={order} />
          </dl>
          <p className="order-back">
            <Link to={stepPath(flow, 'step1', order.planId)}>
              {m.edit} {m.details}
            </Link>
            {' · '}
            <Link to={stepPath(flow, 'step2', order.planId)}>
              {m.edit} {m.contactTitle}
            </Link>
          </p>
        </div>
        <aside className="card estimate-card">
          <h2>{m.breakdown}</h2>
          {order.estimate && <Breakdown estimate={order.estimate} />}
          <OrderCancellationLine order={order} />
          {allows(order, OrderAction.PAY) ? (
            <>
              <PromoCode order={order} />
              <CompanyInvoice order={order} />
              {order.expiresAt && <p className="muted small">{m.expiresAt(showInstant(new Date(Number(order.expiresAt.seconds) * 1000)))}</p>}
              <Link className="button button-primary button-block" to={`/payment?order=${encodeURIComponent(order.id)}`}>
                {messages.aside(m.toPayment, formatVnd(total))}
              </Link>
            </>
          ) : order.state === OrderState.DRAFT ? (
            <>
              <p className="notice notice-warning">{m.needsContact}</p>
              <Link className="button button-primary button-block" to={stepPath(flow, 'step2', order.planId)}>
                {m.contactTitle}
              </Link>
            </>
          ) : (
            <>
              <p className="notice notice-warning">{m.orderGone}</p>
              <Link
                className="button button-secondary button-block"
                to={stepPath(flow, 'step1', order.planId)}
                onClick={() => setDraft((d) => ({ ...d, orderId: '', orderPlanId: '' }))}
              >
                {m.startOver}
              </Link>
            </>
          )}
        </aside>
      </div>
    </StepPage>
  );
}

function stateLabel(order: Order): string {
  return m.states[order.state] ?? '';
}
