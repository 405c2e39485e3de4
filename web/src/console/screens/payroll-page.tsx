import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '@/components/form/form-error';
import type { PayrollLine } from '@/gen/booking/v1/operator_pb';
import { refusal } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { formatDay } from '@/lib/format-day';
import { showTimestamp, weekEnds } from '@/lib/vietnam-time';
import { useRetryKey } from '@/lib/use-retry-key';
import { actions, usePartners, usePayroll } from '../api';
import { saveText } from '../download';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useAction } from '../use-action';

const m = consoleMessages.payroll;
const WEEK_MS = 7 * 86_400_000;

/** A week's Monday and Sunday in the reader's order (the formats' catalogue, as every page writes
 * a date); the week is named by its Monday's calendar date, read with no time zone to shift it. */
const day = { format: (at: number) => formatDay(new Date(at).toISOString()) };

/** The Monday `plusWeeks` weeks from `week`'s. */
function monday(week: string, plusWeeks: number): string {
  return new Date(weekEnds(week)[0] + plusWeeks * WEEK_MS).toISOString().slice(0, 10);
}

/** Admins pay partners by the week: each partner's earnings, marked paid with the bank transfer's
 * reference, and the week as CSV for the bank or the accountant. */
export function PayrollPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('week') ?? '';
  const { data, error } = usePayroll(asked);
  const week = data?.week ?? asked;
  const [exportError, setExportError] = useState<string>();
  const go = (plusWeeks: number) => setParams({ week: monday(week, plusWeeks) });
  const download = async () => {
    setExportError(undefined);
    try {
      const file = await actions.exportPayroll(week);
      saveText(file.csv, 'text/csv;charset=utf-8', file.filename);
    } catch (e) {
      setExportError(refusal(e, consoleMessages.failed));
    }
  };
  const due = data?.lines.reduce((sum, l) => sum + (l.statement?.dueVnd ?? 0n), 0n) ?? 0n;
  return (
    <div data-testid="payroll">
      <h1>{consoleMessages.nav.payroll}</h1>
      {week && (
        <div className="console-row">
          <button type="button" className="button button-small button-secondary" onClick={() => go(-1)}>
            {m.previous}
          </button>
          <strong data-testid="payroll-week">{m.week(day.format(weekEnds(week)[0]), day.format(weekEnds(week)[1]))}</strong>
          <button type="button" className="button button-small button-secondary" onClick={() => go(1)}>
            {m.next}
          </button>
          <button type="button" className="button button-small button-secondary" onClick={() => void download()} disabled={!data}>
            {m.export}
          </button>
        </div>
      )}
      <FormError error={exportError} />
      {data && !data.over && <p className="notice notice-info">{m.open}</p>}
      {error && <p className="form-error">{consoleMessages.loadFailed}</p>}
      {data?.lines.length === 0 && <p className="muted">{m.none}</p>}
      {data && data.lines.length > 0 && (
        <>
          <p>{m.total(formatVnd(due))}</p>
          <ResultTable
            label={consoleMessages.nav.payroll}
            count={data.lines.length}
            error={undefined}
            none={m.none}
            columns={m.columns}
            hasMore={false}
            more={() => undefined}
            testId="payroll-table"
          >
            {data.lines.map((line) => (
              <Row key={line.partner?.userId} line={line} week={week} over={data.over} />
            ))}
          </ResultTable>
        </>
      )}
      <CorrectionForm />
    </div>
  );
}

/** One partner's week: paid with its reference, or a reference to enter and pay. */
function Row({ line, week, over }: { line: PayrollLine; week: string; over: boolean }) {
  const [reference, setReference] = useState('');
  const { error, run } = useAction();
  const s = line.statement;
  const p = line.partner;
  if (!s || !p) return null;
  const pay = () =>
    void run(() => actions.payPartnerWeek(p.userId, week, reference), { ask: m.payAsk(p.name, formatVnd(s.earnedVnd)) });
  return (
    <tr data-partner={p.userId}>
      <td>
        {p.name}
        <br />
        <span className="muted small">{consoleMessages.partners.kinds[p.kind]}</span>
      </td>
      <td>{m.jobs(s.jobs, s.noShows)}</td>
      <td>
        {formatVnd(s.earnedVnd)}
        {(s.tipsVnd !== 0n || s.correctionsVnd !== 0n) && (
          <>
            <br />
            <span className="muted small" data-testid="of-which">
              {m.ofWhich(formatVnd(s.tipsVnd), formatVnd(s.correctionsVnd))}
            </span>
          </>
        )}
      </td>
      <td>
        {s.payout ? (
          <span className="badge badge-success">{m.paid(s.payout.reference, showTimestamp(s.payout.at))}</span>
        ) : over ? (
          <form
            className="console-row"
            onSubmit={(e) => {
              e.preventDefault();
              pay();
            }}
          >
            <input aria-label={m.reference} placeholder={m.reference} value={reference} maxLength={64} required onChange={(e) => setReference(e.target.value)} />
            <button type="submit" className="button button-small button-primary">
              {m.pay}
            </button>
          </form>
        ) : (
          <span className="muted">{formatVnd(s.dueVnd)}</span>
        )}
        <FormError error={error} />
      </td>
    </tr>
  );
}

/** An admin's correction of a partner's earnings in this week: a bonus, or a wrong earning taken
 * back (a negative amount), with its reason. A retried click sends the same request id. */
function CorrectionForm() {
  const c = m.correct;
  const partners = usePartners(true).data ?? [];
  const [partner, setPartner] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const retry = useRetryKey();
  const { error, run } = useAction();
  const submit = async () => {
    const asked = `${partner}|${amount}|${reason}`;
    const vnd = /^-?\d+$/.test(amount.trim()) ? BigInt(amount.trim()) : 0n;
    const ok = await run(() => actions.correctPartnerEarnings(partner, vnd, reason, retry.keyFor(asked)));
    if (ok) {
      retry.done();
      setAmount('');
      setReason('');
    }
  };
  return (
    <form
      className="card form-card order-narrow"
      data-testid="correction-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{c.title}</h2>
      <p className="muted small">{c.lead}</p>
      <label className="field">
        <span>{c.partner}</span>
        <select value={partner} onChange={(e) => setPartner(e.target.value)} required>
          <option value="" />
          {partners.map((p) => (
            <option key={p.userId} value={p.userId}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{c.amount}</span>
        <input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} required />
      </label>
      <label className="field">
        <span>{c.reason}</span>
        <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} required />
      </label>
      <FormError error={error} />
      <button type="submit" className="button button-primary">
        {c.submit}
      </button>
    </form>
  );
}
