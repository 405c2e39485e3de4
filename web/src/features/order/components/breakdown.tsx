import '../order.css';
import type { FeeEstimate } from '@/gen/booking/v1/order_pb';
import { formatVnd } from '@/lib/format';
import { orderMessages } from '@/lib/order-messages';

/** The server's line items and total. */
export function Breakdown({ estimate }: { estimate: FeeEstimate }) {
  return (
    <table className="breakdown">
      <tbody>
        {estimate.lines.map((line) => (
          <tr key={line.code}>
            <th scope="row">
              {line.label}
              {line.quantity > 1 && <span className="muted"> × {line.quantity}</span>}
            </th>
            <td>{formatVnd(line.amountVnd)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{orderMessages.total}</th>
          <td className="breakdown-total" data-testid="total">
            {formatVnd(estimate.totalVnd)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
