import { useSearchParams } from 'react-router';
import { SelectField } from '@/components/form/field';
import { filterMessages as m } from '@/lib/filter-messages';
import { messages } from '@/lib/messages';
import type { Plan } from '../api/catalog-api';

interface Filter {
  /** The query parameter that holds it. */
  param: string;
  label: string;
  /** The values a plan offers. */
  values: (plan: Plan) => string[];
  name: (value: string) => string;
}

const city: Filter = { param: 'city', label: m.city, values: (p) => p.content?.cities ?? [], name: (v) => messages.catalog.cities[v] ?? v };

/** Each category's filters: where, then what sets its plans apart. */
const FILTERS: Record<string, Filter[]> = {
  shuttle: [{ ...city, label: m.airport }],
  charter: [city, { param: 'hours', label: m.hours, values: (p) => p.durationMinutes.map((d) => String(d / 60)), name: (v) => m.hoursOf(v) }],
  escort: [city, { param: 'lang', label: m.language, values: (p) => p.content?.languages ?? [], name: (v) => m.languages[v] ?? v }],
  'dragon-massage': [
    city,
    { param: 'minutes', label: m.duration, values: (p) => p.durationMinutes.map(String), name: (v) => messages.catalog.minutes(Number(v)) },
  ],
};


/** The plans that match the filters in the address. */
export function useFilteredPlans(slug: string, plans: Plan[]) {
  const [params, setParams] = useSearchParams();
  const filters = FILTERS[slug] ?? [];
  const chosen = filters.filter((f) => params.get(f.param));
  const shown = plans.filter((p) => chosen.every((f) => f.values(p).includes(params.get(f.param) ?? '')));
  const set = (param: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(param, value);
    else next.delete(param);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const clear = () => setParams(new URLSearchParams(), { replace: true, preventScrollReset: true });
  return { filters, params, shown, filtered: chosen.length > 0, set, clear };
}

/** The filters' controls; their choice lives in the address, so a filtered list can be shared. */
export function PlanFilters({ plans, state }: { plans: Plan[]; state: ReturnType<typeof useFilteredPlans> }) {
  if (state.filters.length === 0) return null;
  return (
    <form className="plan-filters" role="search" aria-label={m.title} onSubmit={(e) => e.preventDefault()}>
      {state.filters.map((f) => {
        const values = [...new Set(plans.flatMap(f.values))].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
        // A shuttle's city is named with its airport, as its plans give it.
        const airport = (v: string) => plans.find((p) => p.airport && f.values(p).includes(v))?.airport;
        const name = (v: string) => (airport(v) ? m.airportOf(f.name(v), airport(v) ?? '') : f.name(v));
        return (
          <SelectField
            key={f.param}
            label={f.label}
            value={state.params.get(f.param) ?? ''}
            onChange={(e) => state.set(f.param, e.target.value)}
            options={[{ value: '', label: m.any }, ...values.map((v) => ({ value: v, label: name(v) }))]}
          />
        );
      })}
      {state.filtered && (
        <button type="button" className="button button-secondary button-small" onClick={state.clear}>
          {m.clear}
        </button>
      )}
    </form>
  );
}

/** None match: say so, and offer to clear the filters. */
export function NoMatch({ onClear }: { onClear: () => void }) {
  return (
    <div className="empty" role="status" data-testid="no-match">
      <p>{m.none}</p>
      <button type="button" className="button button-primary button-small" onClick={onClear}>
        {m.clear}
      </button>
    </div>
  );
}
