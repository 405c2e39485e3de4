import { useEffect } from 'react';
import { keepAppOffline } from '@/lib/offline';
import { LANGUAGE } from '@/lib/i18n/language';
import { messages } from '@/lib/messages';
import { useMinute } from '@/lib/use-minute';
import { dayInVietnam, showInstant } from '@/lib/vietnam-time';
import { keepSchedule, keptSchedule, unreachable, useSchedule, type PartnerJob } from './api';
import { JobCard } from './job-card';
import { partnerMessages as m } from './messages';

/** Today's jobs and the coming days', by day; the copy kept on the phone when there is no signal. */
export function SchedulePage() {
  const { data, error, refetch } = useSchedule();
  useEffect(() => {
    if (!data) return;
    keepSchedule(data);
    keepAppOffline();
  }, [data]);
  useEffect(() => {
    document.title = m.screenTitle(m.schedule);
  }, []);
  // The kept copy stands in only for want of signal, never for a refusal.
  const kept = error && unreachable(error) ? keptSchedule() : undefined;
  const jobs = data ?? kept?.jobs;
  return (
    <section>
      <h1>{m.schedule}</h1>
      {kept && (
        <p className="notice notice-warning" role="status" data-testid="offline">
          {m.offline(showInstant(kept.at))}
        </p>
      )}
      {error && !kept && (
        <p className="form-error">
          {m.loadFailed}{' '}
          <button type="button" className="button button-small button-secondary" onClick={() => void refetch()}>
            {m.retry}
          </button>
        </p>
      )}
      {!jobs && !error && <p className="muted">{messages.loading}</p>}
      {jobs?.length === 0 && <p className="muted">{m.noJobs}</p>}
      {jobs && <Days jobs={jobs} offline={Boolean(kept)} />}
    </section>
  );
}

/** A day's heading in the reader's language: `11月24日 週二`, `T3, 24/11`. */
const dayName = new Intl.DateTimeFormat(LANGUAGE, { weekday: 'short', month: 'numeric', day: 'numeric', timeZone: 'Asia/Ho_Chi_Minh' });

function Days({ jobs, offline }: { jobs: PartnerJob[]; offline: boolean }) {
  const now = useMinute();
  const today = dayInVietnam(new Date(now));
  const tomorrow = dayInVietnam(new Date(now + 86_400_000));
  const days = new Map<string, PartnerJob[]>();
  const names = new Map<string, string>();
  for (const j of jobs) {
    const at = new Date(Number(j.job?.startsAt?.seconds ?? 0) * 1000);
    const day = dayInVietnam(at);
    days.set(day, [...(days.get(day) ?? []), j]);
    names.set(day, dayName.format(at));
  }
  return (
    <>
      {[...days].map(([day, list]) => (
        <section key={day} className="partner-day">
          <h2>{day === today ? m.today : day === tomorrow ? m.tomorrow : names.get(day)}</h2>
          <ul className="partner-jobs">
            {list.map((j) => (
              <li key={j.job?.orderId}>
                <JobCard job={j} offline={offline} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
