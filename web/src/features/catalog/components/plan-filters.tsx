import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Field, SelectField } from '@/components/form/field';
import { filterMessages as m } from '@/lib/filter-messages';
import { messages } from '@/lib/messages';
import type { Plan } from '../api/catalog-api';
import { fits, matchesWords, PLAN_SORTS, sortPlans, type PlanSort } from '../plan-search';

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
  escort: [city, { param: 'speaks', label: m.language, values: (p) => p.content?.languages ?? [], name: (v) => m.languages[v] ?? v }],
  'dragon-massage': [
    city,
    { param: 'minutes', label: m.duration, values: (p) => p.durationMinutes.map(String), name: (v) => messages.catalog.minutes(Number(v)) },
  ],
};


/** Which categories ask how many travel (and the field's label), and with how much luggage. */
const ROOM: Record<string, { people?: string; bags?: boolean }> = {
  shuttle: { people: m.passengers, bags: true },
  charter: { people: m.passengers, bags: true },
  escort: { people: m.people },
};

const cityName = (code: string) => messages.catalog.cities[code] ?? code;

/** The plans that match the words, filters and room asked for in the address, in its order. */
export function useFilteredPlans(slug: string, plans: Plan[]) {
  const [params, setParams] = useSearchParams();
  // A change made while the last one's list still loads starts from that one's address, not the
  // shown one: typed words, then a select changed at once, keep both.
  const here = useLocation().pathname;
  const pending = useNavigation().location;
  const base = pending?.pathname === here ? pending.search : params;
  const filters = FILTERS[slug] ?? [];
  const room = ROOM[slug] ?? {};
  const chosen = filters.filter((f) => params.get(f.param));
  const words = params.get('q') ?? '';
  const people = Number(params.get('people')) || 0;
  const bags = Number(params.get('bags')) || 0;
  const asked = params.get('sort') ?? '';
  const sort = PLAN_SORTS.find((s) => s === asked);
  const shown = sortPlans(
    plans.filter(
      (p) =>
        chosen.every((f) => f.values(p).includes(params.get(f.param) ?? '')) &&
        matchesWords(p, words, cityName) &&
        fits(p, people, bags),
    ),
    sort,
  );
  const set = (param: string, value: string) => {
    const next = new URLSearchParams(base);
    if (value) next.set(param, value);
    else next.delete(param);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  // The order chosen stays: it is no filter.
  const clear = () => setParams(new URLSearchParams(sort ? { sort } : {}), { replace: true, preventScrollReset: true });
  const filtered = chosen.length > 0 || words.trim() !== '' || people > 0 || bags > 0;
  return { filters, room, params, sort, shown, filtered, set, clear };
}

/** 1 to the most any plan here takes, as a select's options after 「全部」. */
function upTo(most: number, name: (n: number) => string) {
  return [{ value: '', label: m.any }, ...Array.from({ length: most }, (_, i) => ({ value: String(i + 1), label: name(i + 1) }))];
}

/** The filters' controls; their choice lives in the address, so a filtered list can be shared. */
export function PlanFilters({ plans, state }: { plans: Plan[]; state: ReturnType<typeof useFilteredPlans> }) {
  const seats = Math.max(0, ...plans.map((p) => p.rules?.capacity ?? 0));
  const luggage = Math.max(0, ...plans.map((p) => p.vehicle?.luggage ?? 0));
  return (
    <form className="plan-filters" role="search" aria-label={m.title} onSubmit={(e) => e.preventDefault()}>
      <Field
        label={m.search}
        type="search"
        placeholder={m.searchHint}
        value={state.params.get('q') ?? ''}
        onChange={(e) => state.set('q', e.target.value)}
      />
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
      {state.room.people && seats > 0 && (
        <SelectField
          label={state.room.people}
          value={state.params.get('people') ?? ''}
          onChange={(e) => state.set('people', e.target.value)}
          options={upTo(seats, m.peopleOf)}
        />
      )}
      {state.room.bags && luggage > 0 && (
        <SelectField
          label={m.bags}
          value={state.params.get('bags') ?? ''}
          onChange={(e) => state.set('bags', e.target.value)}
          options={upTo(luggage, m.bagsOf)}
        />
      )}
      <SelectField
        label={m.sort}
        value={state.sort ?? ''}
        onChange={(e) => state.set('sort', e.target.value)}
        options={(['', ...PLAN_SORTS] as Array<PlanSort | ''>).map((s) => ({ value: s, label: m.sorts[s] ?? s }))}
      />
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
