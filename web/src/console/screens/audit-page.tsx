import { Link } from 'react-router';
import { opsTo } from '../paths';
import { showTimestamp } from '@/lib/vietnam-time';
import { useAudit } from '../api';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useUrlFilter } from '../url-filter';

const m = consoleMessages.audit;
const KEYS = ['target', 'actor', 'action', 'from', 'until'] as const;

/** Who did what to what, newest first; a line about an order links to it. */
export function AuditPage() {
  const { values: filter, register, apply } = useUrlFilter(KEYS);
  const { items, hasMore, more, error } = useAudit(filter);
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
      <ResultTable
        label={consoleMessages.nav.audit}
        count={items?.length}
        error={error}
        none={consoleMessages.empty}
        columns={[m.at, m.actor, m.action, m.change, m.reason]}
        hasMore={hasMore}
        more={more}
        testId="audit-table"
      >
        {items?.map((e) => {
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
      </ResultTable>
    </div>
  );
}
