import { useEffect } from 'react';
import { Link } from 'react-router';
import type { WeekStatement } from '@/gen/booking/v1/partner_pb';
import { formatVnd } from '@/lib/format';
import { LANGUAGE } from '@/lib/i18n/language';
import { messages } from '@/lib/messages';
import { showTimestamp, weekEnds } from '@/lib/vietnam-time';
import { useEarnings, useEarningsWeek } from './api';
import { partnerMessages } from './messages';
import { partnerPaths, partnerTo } from './paths';

const m = partnerMessages.earnings;

/** A day of a week in the reader's language (`23/11`, `11/23`). The week is named by its Monday's
 * calendar date, so it is read as a date, with no time zone to shift it. */
const day = new Intl.DateTimeFormat(LANGUAGE, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });

/** `23/11 – 29/11` for the week of Monday `2026-11-23`. */
export function weekRange(week: string): string {
  const [monday, sunday] = weekEnds(week);
  return m.week(day.format(monday), day.format(sunday));
}

/** What the partner earned: today, this week, what is owed, and each week's statement. */
export function EarningsPage() {
  const { data, error, refetch } = useEarnings();
  useEffect(() => {
    document.title = partnerMessages.screenTitle(m.title);
  }, []);
  return (
    <section data-testid="earnings">
      <h1>{m.title}</h1>
      {error && (
        <p className="form-error">
          {partnerMessages.loadFailed}{' '}
          <button type="button" className="button button-small button-secondary" onClick={() => void refetch()}>
            {partnerMessages.retry}
          </button>
        </p>
      )}
      {!data && !error && <p className="muted">{messages.loading}</p>}
      {data && (
        <>
          <dl className="partner-tiles">
            <Tile label={m.today} amount={data.todayVnd} testId="earned-today" />
            <Tile label={m.thisWeek} amount={data.thisWeekVnd} testId="earned-week" />
            <Tile label={m.owed} amount={data.owedVnd} testId="owed" />
          </dl>
          <h2>{m.weeks}</h2>
          <p className="muted small">{m.paysMonday}</p>
          {data.weeks.length === 0 && <p className="muted">{m.none}</p>}
          <ul className="partner-jobs">
            {data.weeks.map((w) => (
              <li key={w.week}>
                <WeekCard week={w} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Tile({ label, amount, testId }: { label: string; amount: bigint; testId: string }) {
  return (
    <div className="card partner-tile">
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatVnd(amount)}</dd>
    </div>
  );
}

/** Paid, with the bank's reference, or not yet. */
function PaidBadge({ week }: { week: WeekStatement }) {
  return week.payout ? <span className="badge badge-success">{m.paid(week.payout.reference)}</span> : <span className="badge">{m.unpaid}</span>;
}

function WeekCard({ week }: { week: WeekStatement }) {
  return (
    <article className="card partner-job" data-week={week.week}>
      <header className="partner-job-head">
        <Link to={partnerTo('week', { week: week.week })} className="partner-job-time">
          {weekRange(week.week)}
        </Link>
        <strong>{formatVnd(week.earnedVnd)}</strong>
      </header>
      <p className="muted small">
        {[m.jobs(week.jobs), week.noShows > 0 ? m.noShows(week.noShows) : ''].filter(Boolean).join(' · ')}
      </p>
      <PaidBadge week={week} />
    </article>
  );
}

/** One week: each job it paid for, and its payout. */
export function WeekPage({ week }: { week: string }) {
  const { data, error } = useEarningsWeek(week);
  useEffect(() => {
    document.title = partnerMessages.screenTitle(weekRange(week));
  }, [week]);
  return (
    <section data-testid="earnings-week">
      <p>
        <Link to={partnerPaths.earnings}>{m.back}</Link>
      </p>
      <h1>{weekRange(week)}</h1>
      {error && <p className="form-error">{partnerMessages.loadFailed}</p>}
      {data && (
        <>
          <p>
            <strong>{formatVnd(data.earnedVnd)}</strong> <PaidBadge week={data} />
          </p>
          <ul className="partner-ledger">
            {data.entries.map((e, i) => (
              <li key={`${e.cause}-${e.orderId}-${i}`} className="partner-ledger-line">
                {e.orderId ? (
                  <span>
                    <Link to={partnerTo('job', { orderId: e.orderId })}>{e.orderId}</Link>
                    <br />
                    <span className="muted small">
                      {showTimestamp(e.serviceAt)} · {m.causes[e.cause]}
                    </span>
                  </span>
                ) : (
                  // An admin's correction: its reason, as they wrote it.
                  <span>
                    {m.causes[e.cause]}
                    <br />
                    <span className="muted small">
                      {showTimestamp(e.at)} · {e.reason}
                    </span>
                  </span>
                )}
                <strong>{formatVnd(e.amountVnd)}</strong>
              </li>
            ))}
            {data.payout && (
              <li className="partner-ledger-line">
                <span>
                  {m.causes[data.payout.cause]}
                  <br />
                  <span className="muted small">
                    {showTimestamp(data.payout.at)} · {data.payout.reference}
                  </span>
                </span>
                <strong>{formatVnd(data.payout.amountVnd)}</strong>
              </li>
            )}
          </ul>
        </>
      )}
    </section>
  );
}
