import { OrderState } from '@/gen/booking/v1/order_pb';
import { cancellationWords } from '@/lib/cancellation';
import type { Plan } from '../api/order-api';
import { useCancellationTerms } from '../api/member-orders-api';

const OPEN = [OrderState.DRAFT, OrderState.PENDING_PAYMENT, OrderState.PAID, OrderState.CONFIRMED];

/** Before booking: the free-cancellation deadline the estimate gave for the time chosen on step1. */
export function PlanCancellationLine({ plan, freeUntil }: { plan: Plan; freeUntil: Date | undefined }) {
  if (!freeUntil || !plan.rules?.freeCancellationHours) return null;
  return (
    <p className="notice policy-line" data-testid="policy">
      {cancellationWords.line(freeUntil, plan.rules?.lateCancellationFeePercent ?? 0)}
    </p>
  );
}

/** A booked order's deadline, as the server quotes it; nothing once it can no longer be cancelled. */
export function OrderCancellationLine({ orderId, state }: { orderId: string; state: OrderState }) {
  const { data } = useCancellationTerms(orderId, OPEN.includes(state));
  if (!data?.freeUntil) return null;
  return (
    <p className="notice policy-line" data-testid="policy">
      {cancellationWords.line(new Date(Number(data.freeUntil.seconds) * 1000), data.lateFeePercent)}
    </p>
  );
}
