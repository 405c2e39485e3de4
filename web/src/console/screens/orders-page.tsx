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
import { Field, SelectField } from '@/components/form/field';
import { FilterBar } from '../filter-bar';

const m = consoleMessages.orders;
const CATEGORY_OF: Record<string, Category> = {
  shuttle: Category.SHUTTLE,
  charter: Category.CHARTER,
  escort: Category.ESCORT,
  massage: Category.DRAGON_MASSAGE,
};
/** Every state the contract knows, as the filter offers them: waiting for payment first (the
 * commonest search), drafts last. */
const STATES = (Object.values(OrderState).filter((s) => typeof s === 'number') as OrderState[])
  .filter((s) => s !== OrderState.UNSPECIFIED)
  .sort((a, b) => Number(a === OrderState.DRAFT) - Number(b === OrderState.DRAFT));

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
      <FilterBar onSubmit={apply} onClear={clear}>
        <Field label={m.query} type="search" {...register('q')} />
        <SelectField
          label={m.state}
          options={[{ value: '', label: m.anyState }, ...STATES.map((s) => ({ value: String(s), label: orderMessages.states[s] ?? '' }))]}
          {...register('state')}
        />
        <SelectField
          label={m.category}
          options={[{ value: '', label: m.anyCategory }, ...Object.keys(CATEGORY_OF).map((c) => ({ value: c, label: consoleMessages.categories[c] ?? c }))]}
          {...register('category')}
        />
        <Field label={m.from} type="date" {...register('from')} />
        <Field label={m.until} type="date" {...register('until')} />
        <SelectField
          label={m.sort}
          options={[
            { value: '', label: m.newest },
            { value: 'service', label: m.soonest },
          ]}
          {...register('sort')}
        />
      </FilterBar>
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
              <StateBadge order={o} />
            </td>
          </tr>
        ))}
      </ResultTable>
    </div>
  );
}
