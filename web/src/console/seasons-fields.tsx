import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, SelectField } from '@/components/form/field';
import type { PlanSeason } from '@/gen/booking/v1/operator_pb';
import { consoleMessages } from './messages';

const m = consoleMessages.catalog;

/** A season as a form edits it: a share of the rate, or a fixed sum. */
export interface SeasonValue {
  from: string;
  until: string;
  kind: 'percent' | 'amount';
  value: string;
}

/** What "add a season" starts from. */
export const NEW_SEASON: SeasonValue = { from: '', until: '', kind: 'percent', value: '20' };

const digits = (s: string) => BigInt(s.replace(/[^\d-]/g, '') || '0');

export function seasonsToForm(seasons: PlanSeason[]): SeasonValue[] {
  return seasons.map((x) =>
    x.percent > 0 ? { from: x.from, until: x.until, kind: 'percent', value: String(x.percent) } : { from: x.from, until: x.until, kind: 'amount', value: String(x.amountVnd) },
  );
}

export function seasonsFromForm(seasons: SeasonValue[]) {
  return seasons.map((x) => ({
    from: x.from,
    until: x.until,
    percent: x.kind === 'percent' ? Number(digits(x.value)) : 0,
    amountVnd: x.kind === 'amount' ? digits(x.value) : 0n,
  }));
}

interface Props {
  /** The form's field array of seasons. */
  fields: { id: string }[];
  add: () => void;
  remove: (i: number) => void;
  /** The registration of season `i`'s `key`, in the caller's form. */
  field: (i: number, key: keyof SeasonValue) => UseFormRegisterReturn;
  legend: string;
  hint: string;
  testId: string;
}

/** The date ranges that cost more, as the plan form and the category's form both edit them. */
export function SeasonsFields({ fields, add, remove, field, legend, hint, testId }: Props) {
  return (
    <fieldset className="console-fieldset" data-testid={testId}>
      <legend>{legend}</legend>
      <p className="small muted">{hint}</p>
      {fields.map((f, i) => (
        <div key={f.id} className="field-row">
          <Field label={m.seasonFrom} type="date" {...field(i, 'from')} />
          <Field label={m.seasonUntil} type="date" {...field(i, 'until')} />
          <SelectField
            label={m.seasonKind}
            options={[
              { value: 'percent', label: m.seasonPercent },
              { value: 'amount', label: m.seasonAmount },
            ]}
            {...field(i, 'kind')}
          />
          <Field label={m.seasonValue} inputMode="numeric" {...field(i, 'value')} />
          <button type="button" className="button button-small button-secondary" onClick={() => remove(i)}>
            {m.removeSeason}
          </button>
        </div>
      ))}
      <button type="button" className="button button-small button-secondary" onClick={add}>
        {m.addSeason}
      </button>
    </fieldset>
  );
}
