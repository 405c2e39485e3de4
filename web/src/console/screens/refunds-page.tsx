import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/form/form-error';
import { RefundRoute, RefundState, type RefundPart } from '@/gen/booking/v1/order_pb';
import { refusal } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { showTimestamp } from '@/lib/vietnam-time';
import { actions, useRefundTasks } from '../api';
import { consoleMessages } from '../messages';
import { opsTo } from '../paths';
import { ResultTable } from '../result-table';

const m = consoleMessages.refunds;

/** Refunds staff make by hand, oldest first: bank transfer refunds, and VNPay refunds VNPay
 * refused or never answered. Each is closed with the bank's reference of the transfer made. */
export function RefundsPage() {
  const { items, hasMore, more, error } = useRefundTasks();
  return (
    <div className="console-refunds-page">
      <h1>{consoleMessages.nav.refunds}</h1>
      <p className="muted">{m.lead}</p>
      <ResultTable
        label={consoleMessages.nav.refunds}
        count={items?.length}
        error={error}
        none={consoleMessages.empty}
        columns={m.columns}
        hasMore={hasMore}
        more={more}
        testId="refunds-table"
      >
        {items?.map((r) => (
          <tr key={r.id} data-refund={r.id} data-order={r.orderId}>
            <td>{showTimestamp(r.createdAt)}</td>
            <td>
              <Link to={opsTo('order', { orderId: r.orderId })}>{r.orderId}</Link>
            </td>
            <td>{formatVnd(r.amountVnd)}</td>
            <td>
              {r.route === RefundRoute.VNPAY ? m.vnpay : m.bank}
              {r.account && <div className="small">{m.account(r.account.bank, r.account.number, r.account.holder)}</div>}
            </td>
            <td>{r.state === RefundState.FAILED ? m.failed(r.answer) : m.toTransfer}</td>
            <td>
              <CloseForm part={r} />
            </td>
          </tr>
        ))}
      </ResultTable>
    </div>
  );
}

/** The bank's reference of the transfer made, and 「已退款」. */
function CloseForm({ part }: { part: RefundPart }) {
  const [bankRef, setBankRef] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const close = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await actions.closeRefund(part.id, bankRef);
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
      setBusy(false);
    }
  };
  return (
    <form
      className="console-inline-form"
      onSubmit={(e) => {
        e.preventDefault();
        void close();
      }}
    >
      <label className="field">
        <span>{m.bankRef}</span>
        <input name="bank-ref" value={bankRef} maxLength={64} onChange={(e) => setBankRef(e.target.value)} />
      </label>
      <FormError error={error} />
      <button type="submit" className="button button-small button-primary" disabled={busy}>
        {m.done}
      </button>
    </form>
  );
}
