import { RefundRoute, RefundState, type RefundPart } from '@/gen/booking/v1/order_pb';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { showTimestamp } from '@/lib/vietnam-time';
import { useOrderRefunds } from '../api/member-orders-api';

const m = memberMessages.refund;

/** Where a cancelled order's refund went, part by part, and how far each has come. Nothing for
 * an order whose cancellation gave nothing back. */
export function RefundProgress({ orderId }: { orderId: string }) {
  const { data: parts } = useOrderRefunds(orderId, true);
  if (!parts?.length) return null;
  return (
    <div className="card form-card" data-testid="refunds">
      <h2>{m.title}</h2>
      <dl className="summary">
        {parts.map((p) => (
          <div key={p.id} data-state={RefundState[p.state]}>
            <dt>
              {where(p)} · {formatVnd(p.amountVnd)}
            </dt>
            <dd>{progress(p)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function where(p: RefundPart): string {
  switch (p.route) {
    case RefundRoute.VNPAY:
      return m.route.vnpay;
    case RefundRoute.BANK:
      return m.route.bank(p.account?.bank ?? '', p.account?.number ?? '');
    default:
      return m.route.wallet;
  }
}

function progress(p: RefundPart): string {
  const at = p.doneAt ? showTimestamp(p.doneAt) : '';
  switch (p.state) {
    case RefundState.DONE:
      // A transfer our staff made says the bank's reference; VNPay has taken it, not paid it yet.
      if (p.bankRef) return m.doneBank(at, p.bankRef);
      return p.route === RefundRoute.VNPAY ? m.doneVnpay(at) : m.done(at);
    case RefundState.FAILED:
      return m.failed;
    default:
      return p.route === RefundRoute.BANK ? m.pendingBank : m.pendingVnpay;
  }
}
