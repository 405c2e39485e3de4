import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@/lib/messages';
import { opsTo } from '../paths';
import { showTimestamp } from '@/lib/vietnam-time';
import { useAudit } from '../api';
import { consoleMessages } from '../messages';

const m = consoleMessages.audit;
const KEYS = ['target', 'actor', 'action', 'from', 'until'] as const;
type Key = (typeof KEYS)[number];

/** Who did what to what, newest first; a line about an order links to it. */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<Key, string>;
  const { register, handleSubmit } = useForm({ values: filter });
  const { items, hasMore, more, error } = useAudit(filter);
  const apply = handleSubmit((values) => setParams(Object.fromEntries(KEYS.filter((k) => values[k].trim()).map((k) => [k, values[k].trim()]))));
  return (
    <div className="console-audit-page">
      <h1>{consoleMessages.nav.audit}</h1>
      <form className="card console-filter" role="search" onSubmit={apply}>
        <label className="field">
          <span>{m.target}</span>
          <input type="search" {...register('target')} />
        </label>
        <label className="field">
          <span>{m.actorFilter}</span>
          <input type="search" {...register('actor')} />
        </label>
        <label className="field">
          <span>{m.actionFilter}</span>
          <input type="search" {...register('action')} />
        </label>
        <label className="field">
          <span>{m.from}</span>
          <input type="date" {...register('from')} />
        </label>
        <label className="field">
          <span>{m.until}</span>
          <input type="date" {...register('until')} />
        </label>
        <div className="console-row">
          <button type="submit" className="button button-primary">
            {consoleMessages.orders.apply}
          </button>
        </div>
      </form>
      {error && <p className="form-error">{consoleMessages.loadFailed}</p>}
      {items && (
        <div className="card console-table-wrap" role="region" aria-label={consoleMessages.nav.audit} tabIndex={0}>
          <table className="console-table" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{m.at}</th>
                <th scope="col">{m.actor}</th>
                <th scope="col">{m.action}</th>
                <th scope="col">{m.change}</th>
                <th scope="col">{m.reason}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => {
                const order = e.target.startsWith('order:') ? e.target.slice(6) : '';
                return (
                  <tr key={e.id}>
                    <td>{showTimestamp(e.at)}</td>
                    <td>{e.actor}</td>
                    <td>
                      {e.action}
                      <div className="small">{order ? <Link to={opsTo('order', { orderId: order })}>{order}</Link> : e.target}</div>
                    </td>
                    <td className="small">
                      {e.before && <div className="muted">{e.before}</div>}
                      {e.after && <div>{e.after}</div>}
                    </td>
                    <td>{e.reason}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {!items && !error && <p className="muted">{messages.loading}</p>}
      {hasMore && (
        <button type="button" className="button button-secondary" onClick={more}>
          {messages.loadMore}
        </button>
      )}
    </div>
  );
}
