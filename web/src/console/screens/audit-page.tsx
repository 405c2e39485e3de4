import { Link } from 'react-router';
import { opsTo } from '../paths';
import { showTimestamp } from '@/lib/vietnam-time';
import { useAudit } from '../api';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useUrlFilter } from '../url-filter';
import { Field } from '@/components/form/field';
import { FilterBar } from '../filter-bar';

const m = consoleMessages.audit;
const KEYS = ['target', 'actor', 'action', 'from', 'until'] as const;

/** Who did what to what, newest first; a line about an order links to it. */
export function AuditPage() {
  const { values: filter, register, apply } = useUrlFilter(KEYS);
  const { items, hasMore, more, error } = useAudit(filter);
  return (
    <div className="console-audit-page">
      <h1>{consoleMessages.nav.audit}</h1>
      <FilterBar onSubmit={apply}>
        <Field label={m.target} type="search" {...register('target')} />
        <Field label={m.actorFilter} type="search" {...register('actor')} />
        <Field label={m.actionFilter} type="search" {...register('action')} />
        <Field label={m.from} type="date" {...register('from')} />
        <Field label={m.until} type="date" {...register('until')} />
      </FilterBar>
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
