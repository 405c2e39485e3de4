import { type Invoice, InvoiceKind, InvoiceState } from '@/gen/booking/v1/invoice_pb';
import { formatVnd } from '@/lib/format';
import { memberMessages } from '@/lib/member-messages';
import { showTimestamp } from '@/lib/vietnam-time';
import { useOrderInvoices } from '../api/invoice-api';

const m = memberMessages.invoice;

/** The order's e-invoices: each with its number, and the code and page to look it up with once
 * issued. Nothing for an order not invoiced (unpaid). */
export function InvoiceCard({ orderId }: { orderId: string }) {
  const { data } = useOrderInvoices(orderId);
  const invoices = data?.invoices ?? [];
  if (!invoices.length) return null;
  const company = data?.company;
  return (
    <div className="card form-card" data-testid="invoices">
      <h2>{m.title}</h2>
      {company && <p className="muted">{m.company(company.name, company.taxCode)}</p>}
      <dl className="summary">
        {invoices.map((i) => (
          <div key={i.id} data-state={InvoiceState[i.state]}>
            <dt>{kind(i)}</dt>
            <dd>
              {formatVnd(i.amountVnd)}
              <br />
              <Standing invoice={i} />
            </dd>
          </div>
        ))}
      </dl>
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

function Standing({ invoice: i }: { invoice: Invoice }) {
  switch (i.state) {
    case InvoiceState.ISSUED:
      return (
        <>
          {m.issued(i.number, i.issuedAt ? showTimestamp(i.issuedAt) : '')}
          <br />
          {m.lookup(i.lookupCode)}{' '}
          {/^https:\/\//.test(i.lookupUrl) && (
            <a href={i.lookupUrl} target="_blank" rel="noopener noreferrer">
              {m.lookupLink}
            </a>
          )}
        </>
      );
    case InvoiceState.FAILED:
      return <>{m.failed}</>;
    default:
      return <>{m.pending}</>;
  }
}
