import { Link } from 'react-router';
import { startOf, StateBadge } from '@/features/order';
import { formatVnd } from '@/lib/format';
import { orderMessages } from '@/lib/order-messages';
import { opsTo } from '../paths';
import { showLocal } from '@/lib/vietnam-time';
import { Category, OrderState, useOrderPages, type OrderSearch } from '../api';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useUrlFilter } from '../url-filter';

const m = consoleMessages.orders;
const CATEGORY_OF: Record<string, Category> = {
  shuttle: Category.SHUTTLE,
  charter: Category.CHARTER,
  escort: Category.ESCORT,
  massage: Category.DRAGON_MASSAGE,
};
const STATES = [
  OrderState.PENDING_PAYMENT,
  OrderState.PAID,
  OrderState.CONFIRMED,
  OrderState.COMPLETED,
  OrderState.CANCELLED,
  OrderState.EXPIRED,
  OrderState.REFUNDED,
  OrderState.DRAFT,
];

const KEYS = ['q', 'state', 'category', 'from', 'until', 'sort'] as const;

/** Every order, searched and filtered; the filter lives in the address, so it can be shared. */
export function OrdersPage() {
  const { values: filter, register, apply, clear } = useUrlFilter(KEYS);
  const search: OrderSearch = {
    query: filter.q,
    states: filter.state ? [Number(filter.state) as OrderState] : [],
    category: CATEGORY_OF[filter.category],
    from: filter.from || undefined,
    until: filter.until || undefined,
    soonest: filter.sort === 'service',
  };
  const { items, hasMore, more, error } = useOrderPages(search);
  return (
    <div className="console-orders">
      <h1>{consoleMessages.nav.orders}</h1>
      <form className="card console-filter" onSubmit={apply} role="search">
        <label className="field">
          <span>{m.query}</span>
          <input type="search" {...register('q')} />
        </label>
        <label className="field">
          <span>{m.state}</span>
          <select {...register('state')}>
            <option value="">{m.anyState}</option>
            {STATES.map((s) => (
              <option key={s} value={String(s)}>
                {orderMessages.states[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{m.category}</span>
          <select {...register('category')}>
            <option value="">{m.anyCategory}</option>
            {Object.keys(CATEGORY_OF).map((c) => (
              <option key={c} value={c}>
                {consoleMessages.categories[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{m.from}</span>
          <input type="date" {...register('from')} />
        </label>
        <label className="field">
          <span>{m.until}</span>
          <input type="date" {...register('until')} />
        </label>
        <label className="field">
          <span>{m.sort}</span>
          <select {...register('sort')}>
            <option value="">{m.newest}</option>
            <option value="service">{m.soonest}</option>
          </select>
        </label>
        <div className="console-row">
          <button type="submit" className="button button-primary">
            {m.apply}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={clear}
          >
            {m.clear}
          </button>
        </div>
      </form>
      <ResultTable
        label={consoleMessages.nav.orders}
        count={items?.length}
        error={error}
        none={m.none}
        columns={[m.id, m.service, m.customer, m.total, m.state]}
        hasMore={hasMore}
        more={more}
        testId="orders-table"
      >
        {items?.map((o) => (
          <tr key={o.id}>
            <td>
              <Link to={opsTo('order', { orderId: o.id })}>{o.id}</Link>
              <div className="small muted">{o.planName}</div>
            </td>
            <td>{showLocal(startOf(o))}</td>
            <td>
              {o.contact?.name}
              <div className="small muted">{o.contact ? `+${o.contact.phoneCountryCode} ${o.contact.phoneNumber}` : ''}</div>
            </td>
            <td>{formatVnd(o.estimate?.totalVnd ?? 0n)}</td>
            <td>
              <StateBadge state={o.state} />
            </td>
          </tr>
        ))}
      </ResultTable>
    </div>
  );
}
