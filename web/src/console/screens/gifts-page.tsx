import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { FormFooter } from '@/components/form/form-footer';
import type { GiftBatch } from '@/gen/booking/v1/operator_pb';
import { formatVnd } from '@/lib/format';
import { formatDay } from '@/lib/format-day';
import { refusal } from '@/lib/api/refusal';
import { dayInVietnam, showTimestamp } from '@/lib/vietnam-time';
import { actions, useGiftBatches, useReferralProgram, type ReferralProgram } from '../api';
import { saveText } from '../download';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useAction } from '../use-action';

const m = consoleMessages.gifts;

/** Credit admins give: each batch of gift codes with how many were redeemed and its CSV to hand
 * out, a new batch, and what inviting a friend gives. The server checks every bound again and
 * names the field it refuses. */
export function GiftsPage() {
  const [issued, setIssued] = useState<string>();
  return (
    <div data-testid="gifts">
      <h1>{consoleMessages.nav.gifts}</h1>
      <div className="console-order-grid console-keep-order">
        <Batches />
        <aside>
          {issued && (
            <p className="notice notice-success" role="status">
              {issued}
            </p>
          )}
          <IssueForm done={(b) => setIssued(m.issued(b.codes, b.name))} />
          <ReferralForm />
        </aside>
      </div>
    </div>
  );
}

function Batches() {
  const { data, error } = useGiftBatches();
  const [exportError, setExportError] = useState<string>();
  const download = async (name: string) => {
    setExportError(undefined);
    try {
      const file = await actions.exportGiftBatch(name);
      saveText(file.csv, 'text/csv;charset=utf-8', file.filename);
    } catch (e) {
      setExportError(refusal(e, consoleMessages.failed));
    }
  };
  return (
    <section>
      <h2>{m.batches}</h2>
      {exportError && <p className="form-error">{exportError}</p>}
      <ResultTable label={m.batches} count={data?.length} error={error} none={m.none} columns={m.columns} hasMore={false} more={() => {}} testId="gift-batches">
        {data?.map((b) => (
          <tr key={b.name} data-batch={b.name}>
            <td>
              <strong>{b.name}</strong>
            </td>
            <td>{formatVnd(b.amountVnd)}</td>
            <td>{b.codes}</td>
            <td data-testid="redeemed">{b.redeemed}</td>
            <td>{formatDay(b.redeemUntil)}</td>
            <td>{m.days(b.creditDays)}</td>
            <td>{showTimestamp(b.issuedAt)}</td>
            <td>
              <button type="button" className="button button-small button-secondary" onClick={() => void download(b.name)}>
                {m.export}
              </button>
            </td>
          </tr>
        ))}
      </ResultTable>
    </section>
  );
}

interface Values {
  name: string;
  count: string;
  amount: string;
  until: string;
  days: string;
}

const blank = (): Values => ({ name: '', count: '100', amount: '200000', until: dayInVietnam(new Date(Date.now() + 90 * 86_400_000)), days: '180' });
const whole = (raw: string) => Math.max(0, Math.trunc(Number(raw) || 0));
/** Whole đồng from a field (digits only; anything else is 0, which the server weighs). */
const amount = (raw: string) => BigInt(/^\d+$/.test(raw.trim()) ? raw.trim() : '0');

function IssueForm({ done }: { done: (batch: GiftBatch) => void }) {
  const { register, handleSubmit, reset, formState } = useForm<Values>({ defaultValues: blank() });
  const { error, run } = useAction();
  const issue = handleSubmit(async (v) => {
    let batch: GiftBatch | undefined;
    const ok = await run(async () => {
      batch = (
        await actions.issueGiftCodes({
          name: v.name,
          count: whole(v.count),
          amountVnd: amount(v.amount),
          redeemUntil: v.until,
          creditDays: whole(v.days),
        })
      ).batch;
    });
    if (ok && batch) {
      reset(blank());
      done(batch);
    }
  });
  const f = m.field;
  return (
    <form className="card form-card" onSubmit={(e) => void issue(e)} noValidate data-testid="gift-form">
      <h2>{m.issue}</h2>
      <Field label={f.name} autoComplete="off" {...register('name')} />
      <Field label={f.count} type="number" min={1} max={1000} inputMode="numeric" {...register('count')} />
      <Field label={f.amount} type="number" min={1000} step={1000} inputMode="numeric" {...register('amount')} />
      <Field label={f.until} type="date" {...register('until')} />
      <Field label={f.days} type="number" min={1} inputMode="numeric" {...register('days')} />
      <FormFooter error={error} busy={formState.isSubmitting} label={m.issue} />
    </form>
  );
}

interface Terms {
  active: boolean;
  referrer: string;
  referred: string;
  days: string;
}

const termsOf = (p: ReferralProgram | undefined): Terms => ({
  active: p?.active ?? false,
  referrer: String(p?.referrerVnd ?? 0n),
  referred: String(p?.referredVnd ?? 0n),
  days: p?.creditDays ? String(p.creditDays) : '',
});

/** What inviting a friend gives, from the terms in force (the form starts again when they change). */
function ReferralForm() {
  const { data, isPending } = useReferralProgram();
  if (isPending) return null;
  const terms = termsOf(data);
  return <TermsForm key={JSON.stringify(terms)} terms={terms} />;
}

function TermsForm({ terms }: { terms: Terms }) {
  const { register, handleSubmit, formState } = useForm<Terms>({ defaultValues: terms });
  const { error, run } = useAction();
  const r = consoleMessages.referral;
  const save = handleSubmit(async (v) => {
    await run(() =>
      actions.updateReferralProgram({
        active: v.active,
        referrerVnd: amount(v.referrer),
        referredVnd: amount(v.referred),
        creditDays: whole(v.days),
      }),
    );
  });
  return (
    <form className="card form-card" onSubmit={(e) => void save(e)} noValidate data-testid="referral-form">
      <h2>{r.title}</h2>
      <p className="muted small">{r.lead}</p>
      <label className="console-check">
        <input type="checkbox" {...register('active')} /> {r.active}
      </label>
      <Field label={r.referrer} type="number" min={0} step={1000} inputMode="numeric" {...register('referrer')} />
      <Field label={r.referred} type="number" min={0} step={1000} inputMode="numeric" {...register('referred')} />
      <Field label={r.days} type="number" min={1} inputMode="numeric" {...register('days')} />
      <FormFooter error={error} busy={formState.isSubmitting} label={r.save} />
    </form>
  );
}
