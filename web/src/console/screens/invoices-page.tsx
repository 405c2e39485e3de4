import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '@/components/form/form-error';
import { InvoiceKind, type Invoice } from '@/gen/booking/v1/invoice_pb';
import { refusal } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { showTimestamp } from '@/lib/vietnam-time';
import { actions, useFailedInvoices } from '../api';
import { consoleMessages } from '../messages';
import { opsTo } from '../paths';
import { ResultTable } from '../result-table';

const m = consoleMessages.invoices;

/** E-invoices the provider refused or never answered, oldest first, each with the provider's
 * words; sent again once what they say is put right. */
export function InvoicesPage() {
  const { items, hasMore, more, error } = useFailedInvoices();
  return (
    <div className="console-invoices-page">
      <h1>{consoleMessages.nav.invoices}</h1>
      <p className="muted">{m.lead}</p>
      <ResultTable label={consoleMessages.nav.invoices} count={items?.length} error={error} none={consoleMessages.empty} columns={m.columns} hasMore={hasMore} more={more} testId="invoices-table">
        {items?.map((i) => (
          <tr key={i.id} data-invoice={i.id} data-order={i.orderId}>
            <td>{i.createdAt ? showTimestamp(i.createdAt) : ''}</td>
            <td>
              <Link to={opsTo('order', { orderId: i.orderId })}>{i.orderId}</Link>
            </td>
            <td>
              {kind(i)} · {formatVnd(i.amountVnd)}
            </td>
            <td>{i.company ? `${i.company.name} (${i.company.taxCode})` : i.buyerName}</td>
            <td>{i.unanswered ? m.noAnswer(i.attempts) : i.reason}</td>
            <td>
              <Retry invoice={i} />
            </td>
          </tr>
        ))}
      </ResultTable>
    </div>
  );
}

function kind(i: Invoice): string {
  switch (i.kind) {
    case InvoiceKind.INCREASE:
      return m.increase;
    case InvoiceKind.DECREASE:
      return m.decrease;
    default:
      return m.original;
  }
}

function Retry({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const retry = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await actions.retryInvoice(invoice.id);
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
      setBusy(false);
    }
  };
  return (
    <>
      <FormError error={error} />
      <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => void retry()}>
        {m.retry}
      </button>
    </>
  );
}
