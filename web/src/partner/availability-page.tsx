import { useEffect, useState } from 'react';
import { Field } from '@/components/form/field';
import { NoticeSettings } from '@/features/notifications';
import { ZaloSetting } from './zalo-setting';
import { LANGUAGE } from '@/lib/i18n/language';
import { messages } from '@/lib/messages';
import { dayInVietnam } from '@/lib/vietnam-time';
import type { Availability } from '@/gen/booking/v1/partner_pb';
import { actionError, partnerActions, useAvailability } from './api';
import { partnerMessages } from './messages';

const m = partnerMessages.availability;

/** The wire's day codes, Monday first. */
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** Each day's short name in the reader's language, from a week known to start on a Monday. */
const weekday = new Intl.DateTimeFormat(LANGUAGE, { weekday: 'short', timeZone: 'UTC' });
const DAY_NAMES = DAYS.map((_, i) => weekday.format(Date.UTC(2026, 10, 23 + i)));
/** A day off in the reader's language, with its weekday. */
const dayOff = new Intl.DateTimeFormat(LANGUAGE, { weekday: 'short', day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' });

interface ShiftDraft {
  days: string[];
  from: string;
  until: string;
}

/** The partner's weekly shifts and days off, edited here and saved at once; the server refuses a
 * change that would leave a job they took without them, and says which. */
export function AvailabilityPage() {
  const { data } = useAvailability();
  useEffect(() => {
    document.title = partnerMessages.screenTitle(m.title);
  }, []);
  return (
    <>
      {data ? <AvailabilityForm initial={data} /> : <p className="page-loading">{messages.loading}</p>}
      <NoticeSettings audience="partner" />
      <ZaloSetting />
    </>
  );
}

function AvailabilityForm({ initial }: { initial: Availability }) {
  const [hours, setHours] = useState<ShiftDraft[]>(() => initial.hours.map((s) => ({ days: [...s.days], from: s.from, until: s.until })));
  const [daysOff, setDaysOff] = useState<string[]>(initial.daysOff);
  const [day, setDay] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const change = (i: number, shift: Partial<ShiftDraft>) => {
    setSaved(false);
    setHours(hours.map((s, j) => (j === i ? { ...s, ...shift } : s)));
  };
  const save = async () => {
    setError(undefined);
    setSaved(false);
    setBusy(true);
    try {
      const r = await partnerActions.setAvailability(hours, daysOff);
      setDaysOff(r.availability?.daysOff ?? daysOff);
      setSaved(true);
    } catch (e) {
      setError(actionError(e));
    } finally {
      setBusy(false);
    }
  };
  const today = dayInVietnam(new Date());
  return (
    <form
      data-testid="availability"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h1>{m.title}</h1>
      <h2>{m.hours}</h2>
      <p className="muted small" data-testid="hours-lead">{initial.hoursRequired ? m.hoursRequired : hours.length === 0 ? m.anyTime : m.withinShifts}</p>
      {hours.map((s, i) => (
        <fieldset key={i} className="card partner-shift">
          <legend>{m.shift(i + 1)}</legend>
          <div className="partner-days">
            {DAYS.map((d, k) => (
              <label key={d} className="partner-day-pick">
                <input
                  type="checkbox"
                  checked={s.days.includes(d)}
                  onChange={(e) => change(i, { days: e.target.checked ? [...s.days, d] : s.days.filter((x) => x !== d) })}
                />
                {DAY_NAMES[k]}
              </label>
            ))}
          </div>
          <div className="partner-actions">
            <Field label={m.from} type="time" value={s.from} required onChange={(e) => change(i, { from: e.target.value })} />
            <Field label={m.until} type="time" value={s.until} required onChange={(e) => change(i, { until: e.target.value })} />
          </div>
          <button type="button" className="button button-small button-secondary" onClick={() => setHours(hours.filter((_, j) => j !== i))}>
            {m.remove}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button-secondary" onClick={() => setHours([...hours, { days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '08:00', until: '17:00' }])}>
        {m.addShift}
      </button>

      <h2>{m.daysOff}</h2>
      {daysOff.length === 0 && <p className="muted">{m.noDaysOff}</p>}
      <ul className="partner-ledger" data-testid="days-off">
        {daysOff.map((d) => (
          <li key={d} className="partner-ledger-line" data-day={d}>
            <span>{dayOff.format(Date.parse(`${d}T00:00:00Z`))}</span>
            <button type="button" className="button button-small button-secondary" onClick={() => setDaysOff(daysOff.filter((x) => x !== d))}>
              {m.remove}
            </button>
          </li>
        ))}
      </ul>
      <div className="partner-add-day">
        <Field label={m.day} type="date" min={today} value={day} onChange={(e) => setDay(e.target.value)} />
        <button
          type="button"
          className="button button-secondary"
          disabled={!day}
          onClick={() => {
            setDaysOff([...new Set([...daysOff, day])].sort());
            setDay('');
          }}
        >
          {m.addDay}
        </button>
      </div>

      <div className="partner-actions">
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {m.save}
        </button>
      </div>
      {saved && (
        <p className="notice notice-success" role="status">
          {m.saved}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
