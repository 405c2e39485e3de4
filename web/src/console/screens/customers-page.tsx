import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { FilterBar } from '../filter-bar';
import { FormFooter } from '@/components/form/form-footer';
import { refusal } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { useModal } from '@/lib/modals';
import { useToast } from '@/lib/toasts';
import { showTimestamp } from '@/lib/vietnam-time';
import { actions, useCustomer, useCustomerCard, useCustomers } from '../api';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useUrlFilter } from '../url-filter';
import { opsTo } from '../paths';

const m = consoleMessages.customers;

/** Customers by e-mail or phone; the search lives in the address. */
export function CustomersPage() {
  const { values, register, apply } = useUrlFilter(['q'] as const);
  const { items, hasMore, more, error } = useCustomers(values.q);
  return (
    <div>
      <h1>{consoleMessages.nav.customers}</h1>
      <FilterBar onSubmit={apply} submitLabel={m.search}>
        <Field label={m.query} type="search" {...register('q')} />
      </FilterBar>
      <ResultTable
        label={consoleMessages.nav.customers}
        count={items?.length}
        error={error}
        none={m.none}
        columns={[m.email, m.name, m.phone, m.balance, m.joined]}
        hasMore={hasMore}
        more={more}
        testId="customers-table"
      >
        {items?.map((c) => (
          <tr key={c.customerId}>
            <td>
              <Link to={opsTo('customer', { customerId: c.customerId })}>{c.email}</Link>
              {c.disabled && <span className="badge badge-warning">{m.disabled}</span>}
            </td>
            <td>{c.displayName}</td>
            <td>{c.phone}</td>
            <td>{formatVnd(c.balanceVnd)}</td>
            <td>{showTimestamp(c.createdAt)}</td>
          </tr>
        ))}
      </ResultTable>
    </div>
  );
}

/** One customer: who, their wallet and its ledger, their orders; an admin may adjust the wallet. */
export function CustomerPage({ customerId, admin }: { customerId: string; admin: boolean }) {
  const { data: card, error } = useCustomerCard(customerId);
  const { items: entries, hasMore, more } = useCustomer(customerId);
  if (error) return <p className="form-error">{refusal(error, consoleMessages.loadFailed)}</p>;
  if (!card) return <p className="muted">{messages.loading}</p>;
  return (
    <section>
      <p>
        <Link to={opsTo('customers')}>{m.back}</Link>
      </p>
      <h1>{card.displayName || card.email}</h1>
      <div className="console-order-grid console-keep-order">
        <div>
          <div className="card form-card">
            <dl className="summary">
              <dt>{m.email}</dt>
              <dd>{card.email}</dd>
              <dt>{m.phone}</dt>
              <dd>{card.phone || '—'}</dd>
              <dt>{m.joined}</dt>
              <dd>{showTimestamp(card.createdAt)}</dd>
              <dt>{m.balance}</dt>
              <dd data-testid="balance">{formatVnd(card.balanceVnd)}</dd>
            </dl>
            <p>
              <Link to={`${opsTo('orders')}?q=${encodeURIComponent(card.email)}`}>{m.orders} →</Link>
            </p>
          </div>
          <div className="card form-card">
            <h2>{m.ledger}</h2>
            <ul className="console-audit" data-testid="ledger">
              {entries?.map((e, i) => (
                <li key={i}>
                  <span className="muted small">
                    {messages.joined(showTimestamp(e.at), m.kinds[e.kind] ?? e.kind)}
                    {e.orderId && messages.joined('', e.orderId)}
                  </span>
                  <span>
                    {e.amountVnd > 0n ? '+' : ''}
                    {formatVnd(e.amountVnd)} → {formatVnd(e.balanceAfterVnd)}
                  </span>
                  {e.note && <span className="small">{e.note}</span>}
                </li>
              ))}
            </ul>
            {hasMore && (
              <button type="button" className="button button-small button-secondary" onClick={more}>
                {messages.loadMore}
              </button>
            )}
          </div>
        </div>
        {admin && (
          <aside className="card form-card">
            <AdjustForm customerId={customerId} />
          </aside>
        )}
      </div>
    </section>
  );
}

function AdjustForm({ customerId }: { customerId: string }) {
  const modal = useModal();
  const toast = useToast();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<{ amount: string; reason: string }>();
  const submit = handleSubmit(async ({ amount, reason }) => {
    setError(undefined);
    const digits = amount.replace(/[^\d-]/g, '');
    if (!/^-?\d+$/.test(digits)) {
      setError(m.amount);
      return;
    }
    const value = BigInt(digits);
    if (!(await modal.confirm({ message: m.adjustAsk(formatVnd(value), reason) }))) return;
    try {
      const { balanceVnd } = await actions.adjustWallet(customerId, value, reason);
      toast(m.adjusted(formatVnd(balanceVnd)), 'success');
      reset();
    } catch (e) {
      setError(refusal(e, consoleMessages.failed));
    }
  });
  return (
    <form className="console-form" onSubmit={submit} data-testid="adjust-form">
      <h2>{m.adjust}</h2>
      <Field label={m.amount} inputMode="numeric" {...register('amount', { required: true })} />
      <Field label={m.reason} {...register('reason', { required: true })} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.adjust} block={false} />
    </form>
  );
}
