import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FormError } from '@/components/form/form-error';
import { PaymentPurpose } from '@/gen/booking/v1/payment_pb';
import { refusal } from '@/lib/api/refusal';
import { formatVnd } from '@/lib/format';
import { formatDay } from '@/lib/format-day';
import { messages } from '@/lib/messages';
import { paymentMessages } from '@/lib/payment-messages';
import { dayInVietnam } from '@/lib/vietnam-time';
import { ReportExport, ReportGrain } from '@/gen/booking/v1/report_pb';
import { exportReport, useReport, type Report, type ReportAsk } from '../api';
import { saveParts } from '../download';
import { consoleMessages } from '../messages';
import { BarChart } from '../report-chart';
import { ResultTable } from '../result-table';

const m = consoleMessages.reports;

const GRAINS: [string, ReportGrain][] = [
  ['day', ReportGrain.DAY],
  ['week', ReportGrain.WEEK],
  ['month', ReportGrain.MONTH],
];

/** The first and last day of the Vietnam month `offset` months from this one. */
function month(offset: number, now = new Date()): [string, string] {
  const [y = 0, mo = 1] = dayInVietnam(now).split('-').map(Number);
  const first = new Date(Date.UTC(y, mo - 1 + offset, 1));
  const last = new Date(Date.UTC(y, mo + offset, 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

/** What the URL asks for: its days and grain, else this month by day. */
function useAsk(): [ReportAsk, (ask: ReportAsk) => void] {
  const [params, setParams] = useSearchParams();
  const [first, last] = month(0);
  const grain = GRAINS.find(([name]) => name === params.get('grain'))?.[1] ?? ReportGrain.DAY;
  const ask = { from: params.get('from') ?? first, until: params.get('until') ?? last, grain };
  const set = (a: ReportAsk) => setParams({ from: a.from, until: a.until, grain: GRAINS.find(([, g]) => g === a.grain)?.[0] ?? 'day' });
  return [ask, set];
}

const colour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#154EC1';

/** Admins read the business's numbers over a period: sales, payments, refunds, promotions,
 * partners and the v-coin owed, each as a table (and a chart where one reads better), and take
 * any of it away as CSV. */
export function ReportsPage() {
  const [ask, setAsk] = useAsk();
  const { data, error } = useReport(ask);
  const [draft, setDraft] = useState(ask);
  const [exportError, setExportError] = useState<string>();
  const [exporting, setExporting] = useState<ReportExport>();
  const go = (a: ReportAsk) => {
    setDraft(a);
    setAsk(a);
  };
  const download = async (what: ReportExport) => {
    setExportError(undefined);
    setExporting(what);
    try {
      const file = await exportReport(ask, what);
      saveParts(file.parts, 'text/csv;charset=utf-8', file.filename);
    } catch (e) {
      setExportError(refusal(e, consoleMessages.failed));
    } finally {
      setExporting(undefined);
    }
  };
  return (
    <div data-testid="reports">
      <h1>{consoleMessages.nav.reports}</h1>
      <form
        className="console-row report-period"
        onSubmit={(e) => {
          e.preventDefault();
          go(draft);
        }}
      >
        <label>
          {m.from}
          <input type="date" value={draft.from} required onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          {m.until}
          <input type="date" value={draft.until} required onChange={(e) => setDraft({ ...draft, until: e.target.value })} />
        </label>
        <label>
          {m.grain}
          <select value={draft.grain} onChange={(e) => setDraft({ ...draft, grain: Number(e.target.value) as ReportGrain })}>
            {GRAINS.map(([name, g]) => (
              <option key={name} value={g}>
                {m.grains[name]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-small button-primary">
          {m.show}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => go({ ...draft, ...period(month(0)) })}>
          {m.thisMonth}
        </button>
        <button type="button" className="button button-small button-secondary" onClick={() => go({ ...draft, ...period(month(-1)) })}>
          {m.lastMonth}
        </button>
      </form>
      <div className="console-row">
        {(
          [
            [ReportExport.SUMMARY, m.exportSummary],
            [ReportExport.ORDERS, m.exportOrders],
            [ReportExport.LEDGER, m.exportLedger],
            [ReportExport.JOURNAL, m.exportJournal],
          ] as const
        ).map(([what, label]) => (
          <button key={what} type="button" className="button button-small button-secondary" disabled={exporting !== undefined} onClick={() => void download(what)}>
            {exporting === what ? m.exporting : label}
          </button>
        ))}
      </div>
      <FormError error={exportError} />
      {error && <p className="form-error">{refusal(error, consoleMessages.loadFailed)}</p>}
      {!data && !error && <p className="muted">{messages.loading}</p>}
      {data && <Figures report={data} />}
    </div>
  );
}

function period([from, until]: [string, string]) {
  return { from, until };
}

function Figures({ report: r }: { report: Report }) {
  const t = r.totals;
  const methods = paymentMessages.payment.methods;
  return (
    <>
      <p className="muted small">{m.period(formatDay(r.from), formatDay(r.until))}</p>
      <dl className="report-totals" data-testid="report-totals">
        {(
          [
            ['sales', m.sales, formatVnd(t?.salesVnd ?? 0n)],
            ['orders', m.orders, String(t?.orders ?? 0n)],
            ['refunds', m.refunds, formatVnd(t?.refundsVnd ?? 0n)],
            ['net', m.net, formatVnd(t?.netVnd ?? 0n)],
            ['promotions', m.promotions, formatVnd(t?.promotionsVnd ?? 0n)],
            ['credit', m.credit, formatVnd(t?.creditVnd ?? 0n)],
          ] as const
        ).map(([key, label, value]) => (
          <div key={key} className="card" data-total={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <Section title={m.overTime}>
        <OverTime report={r} />
      </Section>

      <Section title={m.byCategory}>
        <ByCategory report={r} />
      </Section>

      <Section title={m.byPlan}>
        <Table
          testId="report-plans"
          columns={[m.category, m.plan, m.amount, m.count]}
          rows={r.plans.map((p) => [consoleMessages.categories[category(p.category)] ?? p.category, `${p.name} (${p.planId})`, formatVnd(p.amountVnd), String(p.orders)])}
        />
      </Section>

      <Section title={m.methods}>
        <Table
          testId="report-methods"
          columns={[m.method, m.purpose, m.amount, m.count]}
          rows={r.methods.map((x) => [methods[x.method] ?? '', m.purposes[PaymentPurpose[x.purpose]] ?? '', formatVnd(x.amountVnd), String(x.count)])}
        />
      </Section>

      <Section title={m.refundsTitle}>
        <Table
          testId="report-refunds"
          columns={[m.route, m.state, m.amount, m.count]}
          rows={r.refunds.map((x) => [m.routes[x.route] ?? x.route, m.states[x.state] ?? x.state, formatVnd(x.amountVnd), String(x.count)])}
        />
        <p data-testid="report-cancellations">
          {m.cancellations(Number(r.cancellations?.paid ?? 0n), formatVnd(r.cancellations?.paidValueVnd ?? 0n), Number(r.cancellations?.unpaid ?? 0n))}
        </p>
      </Section>

      <Section title={m.promotionsTitle}>
        <h3>{m.promotions}</h3>
        <Table testId="report-promotions" columns={[m.code, m.amount, m.uses]} rows={r.promotions.map((x) => [x.key, formatVnd(x.amountVnd), String(x.count)])} />
        <h3>{m.credit}</h3>
        <Table
          testId="report-credit"
          columns={[m.kind, m.amount, m.count]}
          rows={r.credit.map((x) => [m.kinds[x.key] ?? x.key, formatVnd(x.amountVnd), String(x.count)])}
        />
      </Section>

      <Section title={m.partners}>
        <Facts
          testId="report-partners"
          facts={[
            [m.earned, formatVnd(r.partners?.earnedVnd ?? 0n)],
            [m.tips(Number(r.partners?.tips ?? 0n)), formatVnd(r.partners?.tipsVnd ?? 0n)],
            [m.paidOut, formatVnd(r.partners?.paidVnd ?? 0n)],
            [m.due, formatVnd(r.partners?.dueVnd ?? 0n)],
          ]}
        />
      </Section>

      <Section title={m.liability}>
        <Facts
          testId="report-liability"
          facts={[
            [m.balances, formatVnd(r.liability?.balancesVnd ?? 0n)],
            [m.ledger, formatVnd(r.liability?.ledgerVnd ?? 0n)],
            [m.atEnd, formatVnd(r.liability?.atEndVnd ?? 0n)],
          ]}
        />
        <p>
          <span className={r.liability?.balanced ? 'badge badge-success' : 'badge badge-danger'} data-testid="report-balanced">
            {r.liability?.balanced ? m.balanced : m.unbalanced}
          </span>
        </p>
      </Section>
    </>
  );
}

/** A category's slug as the console's words name it. */
function category(slug: string): string {
  return slug === 'dragon-massage' ? 'massage' : slug;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="report-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function OverTime({ report: r }: { report: Report }) {
  const labels = useMemo(() => r.overTime.map((b) => formatDay(b.start)), [r]);
  const series = useMemo(
    () => [
      { label: m.sales, values: r.overTime.map((b) => Number(b.salesVnd)), colour: colour('--color-primary') },
      { label: m.refunds, values: r.overTime.map((b) => Number(b.refundsVnd)), colour: colour('--color-danger') },
    ],
    [r],
  );
  return (
    <div className="report-pair">
      <BarChart label={m.overTime} labels={labels} series={series} testId="chart-over-time" />
      <Table
        testId="report-over-time"
        columns={[m.start, m.sales, m.orders, m.refunds, m.net]}
        rows={r.overTime.map((b) => [formatDay(b.start), formatVnd(b.salesVnd), String(b.orders), formatVnd(b.refundsVnd), formatVnd(b.netVnd)])}
      />
    </div>
  );
}

function ByCategory({ report: r }: { report: Report }) {
  const names = useMemo(() => r.categories.map((c) => consoleMessages.categories[category(c.key)] ?? c.key), [r]);
  const series = useMemo(() => [{ label: m.sales, values: r.categories.map((c) => Number(c.amountVnd)), colour: colour('--color-primary') }], [r]);
  return (
    <div className="report-pair">
      <BarChart label={m.byCategory} labels={names} series={series} testId="chart-categories" />
      <Table testId="report-categories" columns={[m.category, m.amount, m.count]} rows={r.categories.map((c, i) => [names[i] ?? '', formatVnd(c.amountVnd), String(c.count)])} />
    </div>
  );
}

/** A section's figures as the console's tables show a list. */
function Table({ columns, rows, testId }: { columns: string[]; rows: string[][]; testId: string }) {
  return (
    <ResultTable label={columns.join(' · ')} count={rows.length} error={undefined} none={m.none} columns={columns} hasMore={false} more={() => undefined} testId={testId}>
      {rows.map((row, i) => (
        <tr key={i}>
          {row.map((cell, j) => (
            <td key={j}>{cell}</td>
          ))}
        </tr>
      ))}
    </ResultTable>
  );
}

function Facts({ facts, testId }: { facts: [string, string][]; testId: string }) {
  return (
    <dl className="report-facts" data-testid={testId}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
