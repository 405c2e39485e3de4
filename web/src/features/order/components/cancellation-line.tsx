import type { Order } from '@/gen/booking/v1/order_pb';
import { allows, OrderAction } from '@/lib/order-actions';
import { cancellationWords } from '@/lib/cancellation';
import type { Plan } from '../api/order-api';
import { useCancellationTerms } from '../api/member-orders-api';

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
export function OrderCancellationLine({ order }: { order: Order }) {
  const { data } = useCancellationTerms(order.id, allows(order, OrderAction.CANCEL));
  if (!data?.freeUntil) return null;
  return (
    <p className="notice policy-line" data-testid="policy">
      {cancellationWords.line(new Date(Number(data.freeUntil.seconds) * 1000), data.lateFeePercent)}
    </p>
  );
}
