import { create } from '@bufbuild/protobuf';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Field, SelectField } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import { Category } from '@/gen/booking/v1/catalog_pb';
import { CATEGORIES, categoryName } from '../categories';
import { PromoCodeSchema, type PromoCode } from '@/gen/booking/v1/operator_pb';
import { formatVnd } from '@/lib/format';
import { messages } from '@/lib/messages';
import { showLocal } from '@/lib/vietnam-time';
import { actions, usePromoCodes } from '../api';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useAction } from '../use-action';

const m = consoleMessages.promotions;

/** Admins' promo codes: each with its rules, its uses and what they took off, switched off or on,
 * changed, or a new one. The server checks every rule again and names the field it refuses. */
export function PromotionsPage() {
  const [editing, setEditing] = useState<PromoCode>();
  return (
    <div data-testid="promotions">
      <h1>{consoleMessages.nav.promotions}</h1>
      <div className="console-order-grid console-keep-order">
        <Codes edit={setEditing} />
        <aside>
          <CodeForm key={editing?.code ?? ''} editing={editing} done={() => setEditing(undefined)} />
        </aside>
      </div>
    </div>
  );
}

function discountOf(c: PromoCode): string {
  switch (c.discount.case) {
    case 'percentOff':
      return m.percentOff(c.discount.value.percent, c.discount.value.capVnd ? formatVnd(c.discount.value.capVnd) : 'none');
    case 'amountVnd':
      return m.amountOff(formatVnd(c.discount.value));
    default:
      return '';
  }
}

function scopeOf(c: PromoCode): string {
  const parts = [c.categories.length ? c.categories.map(categoryName).join(', ') : m.everything];
  if (c.planIds.length) parts.push(c.planIds.join(', '));
  if (c.minSpendVnd) parts.push(m.minimum(formatVnd(c.minSpendVnd)));
  if (c.firstOrderOnly) parts.push(m.firstOrder);
  return messages.joined(...parts);
}

function Codes({ edit }: { edit: (c: PromoCode) => void }) {
  const { data, error } = usePromoCodes();
  const { error: refused, run } = useAction();
  const toggle = (c: PromoCode) => run(() => actions.updatePromoCode({ ...c, active: !c.active }));
  return (
    <section>
      <h2>{m.codes}</h2>
      {refused && <p className="form-error">{refused}</p>}
      <ResultTable label={m.codes} count={data?.length} error={error} none={m.none} columns={m.columns} hasMore={false} more={() => {}} testId="promo-codes">
        {data?.map(({ code: c, used, costVnd }) =>
          c ? (
            <tr key={c.code} data-code={c.code}>
              <td>
                <strong>{c.code}</strong>
              </td>
              <td>{discountOf(c)}</td>
              <td>{scopeOf(c)}</td>
              <td>
                {showLocal(c.validFrom)} – {showLocal(c.validUntil)}
              </td>
              <td data-testid="uses">{m.uses(used, c.totalUses, c.usesPerCustomer)}</td>
              <td data-testid="cost">{formatVnd(costVnd)}</td>
              <td>
                <span className="console-row">
                  {c.active ? m.active : m.off}
                  <button type="button" className="button button-small button-secondary" onClick={() => edit(c)}>
                    {m.edit}
                  </button>
                  <button type="button" className="button button-small button-secondary" onClick={() => void toggle(c)}>
                    {c.active ? m.switchOff : m.switchOn}
                  </button>
                </span>
              </td>
            </tr>
          ) : null,
        )}
      </ResultTable>
    </section>
  );
}

interface Values {
  code: string;
  kind: 'percent' | 'amount';
  percent: string;
  cap: string;
  amount: string;
  minSpend: string;
  categories: string[];
  plans: string;
  from: string;
  until: string;
  totalUses: string;
  perCustomer: string;
  firstOrder: boolean;
  active: boolean;
}

function valuesOf(c: PromoCode | undefined): Values {
  const off = c?.discount;
  return {
    code: c?.code ?? '',
    kind: off?.case === 'amountVnd' ? 'amount' : 'percent',
    percent: off?.case === 'percentOff' ? String(off.value.percent) : '10',
    cap: off?.case === 'percentOff' && off.value.capVnd ? String(off.value.capVnd) : '',
    amount: off?.case === 'amountVnd' ? String(off.value) : '',
    minSpend: c ? String(c.minSpendVnd) : '0',
    categories: c?.categories.map(String) ?? [],
    plans: c?.planIds.join(', ') ?? '',
    from: c?.validFrom ?? '',
    until: c?.validUntil ?? '',
    totalUses: c?.totalUses ? String(c.totalUses) : '',
    perCustomer: c ? String(c.usesPerCustomer) : '1',
    firstOrder: c?.firstOrderOnly ?? false,
    active: c?.active ?? true,
  };
}

/** Whole đồng from a field (digits only; anything else is 0, which the server refuses where it matters). */
const vnd = (raw: string) => BigInt(/^\d+$/.test(raw.trim()) ? raw.trim() : '0');
const count = (raw: string) => Math.max(0, Math.trunc(Number(raw) || 0));

function codeOf(v: Values): PromoCode {
  return create(PromoCodeSchema, {
    code: v.code,
    discount: v.kind === 'amount' ? { case: 'amountVnd', value: vnd(v.amount) } : { case: 'percentOff', value: { percent: count(v.percent), capVnd: vnd(v.cap) } },
    minSpendVnd: vnd(v.minSpend),
    categories: v.categories.map(Number) as Category[],
    planIds: v.plans
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    validFrom: v.from,
    validUntil: v.until,
    totalUses: count(v.totalUses),
    usesPerCustomer: count(v.perCustomer),
    firstOrderOnly: v.firstOrder,
    active: v.active,
  });
}

function CodeForm({ editing, done }: { editing?: PromoCode; done: () => void }) {
  const { register, handleSubmit, control, reset, formState } = useForm<Values>({ defaultValues: valuesOf(editing) });
  const { error, run } = useAction();
  const kind = useWatch({ control, name: 'kind' });
  const save = handleSubmit(async (v) => {
    const ok = await run(() => (editing ? actions.updatePromoCode(codeOf(v)) : actions.createPromoCode(codeOf(v))));
    if (ok) {
      reset(valuesOf(undefined));
      done();
    }
  });
  const f = m.field;
  return (
    <form className="card form-card" onSubmit={(e) => void save(e)} noValidate data-testid="promo-form">
      <h2>{editing ? m.editing(editing.code) : m.create}</h2>
      <Field label={f.code} autoComplete="off" readOnly={Boolean(editing)} {...register('code')} />
      <SelectField
        label={f.kind}
        options={[
          { value: 'percent', label: m.kinds.percent ?? '' },
          { value: 'amount', label: m.kinds.amount ?? '' },
        ]}
        {...register('kind')}
      />
      {kind === 'percent' ? (
        <>
          <Field label={f.percent} type="number" min={1} max={100} inputMode="numeric" {...register('percent')} />
          <Field label={f.cap} type="number" min={0} step={1000} inputMode="numeric" {...register('cap')} />
        </>
      ) : (
        <Field label={f.amount} type="number" min={1000} step={1000} inputMode="numeric" {...register('amount')} />
      )}
      <Field label={f.minSpend} type="number" min={0} step={1000} inputMode="numeric" {...register('minSpend')} />
      <fieldset className="console-fieldset">
        <legend>{f.categories}</legend>
        <div className="console-row">
          {CATEGORIES.map(([c, key]) => (
            <label key={key} className="console-check">
              <input type="checkbox" value={String(c)} {...register('categories')} /> {consoleMessages.categories[key]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={f.plans} hint={f.plansHint} autoComplete="off" {...register('plans')} />
      <Field label={f.from} type="datetime-local" {...register('from')} />
      <Field label={f.until} type="datetime-local" {...register('until')} />
      <Field label={f.totalUses} type="number" min={1} inputMode="numeric" placeholder={f.unlimited} {...register('totalUses')} />
      <Field label={f.perCustomer} type="number" min={1} inputMode="numeric" {...register('perCustomer')} />
      <label className="console-check">
        <input type="checkbox" {...register('firstOrder')} /> {f.firstOrder}
      </label>
      <label className="console-check">
        <input type="checkbox" {...register('active')} /> {f.active}
      </label>
      <FormFooter error={error} busy={formState.isSubmitting} label={editing ? m.save : m.create} />
      {editing && (
        <button type="button" className="button button-secondary button-block" onClick={done}>
          {m.cancel}
        </button>
      )}
    </form>
  );
}
