import '../massage.css';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Field } from '@/components/form/field';
import { messages } from '@/lib/messages';
import { Gender } from '../api/massage-api';
import { useHeart, useTherapists } from '../hooks';
import { TherapistCard } from './therapist-card';
import { massageMessages } from '@/lib/massage-messages';

const m = massageMessages;
const GENDERS: Record<string, Gender | undefined> = { all: undefined, female: Gender.FEMALE, male: Gender.MALE };
/** The length a time is checked for when no length is chosen: the most booked. */
const DEFAULT_MINUTES = 90;

/** The massage page's therapists, with hearts; the favourites come first when signed in. */
export function TherapistGallery({ reviews }: { reviews?: (therapistId: string) => ReactNode }) {
  const [gender, setGender] = useState('all');
  // A time (Vietnam) and the length chosen among the plans, kept in the address like the plans'
  // filters: only those free for all of it are shown.
  const [params, setParams] = useSearchParams();
  const at = params.get('at') ?? '';
  const minutes = Number(params.get('minutes')) || DEFAULT_MINUTES;
  const therapists = useTherapists({ gender: GENDERS[gender], ...(at ? { start: at, durationMinutes: minutes } : {}) });
  const setAt = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('at', value);
    else next.delete('at');
    setParams(next, { replace: true, preventScrollReset: true });
  };
  const { ids, onToggle } = useHeart();
  return (
    <section className="therapists" aria-labelledby="therapists-title">
      <h2 id="therapists-title">{m.therapistsTitle}</h2>
      <p className="muted">{m.therapistsLead}</p>
      <div className="therapist-when">
        <Field
          label={m.freeAt}
          type="datetime-local"
          step={1800}
          value={at}
          hint={at ? m.freeAtShown(minutes) : m.freeAtHint}
          onChange={(e) => setAt(e.target.value)}
        />
      </div>
      <div className="chips" role="group">
        {Object.entries(m.filters).map(([value, label]) => (
          <button key={value} type="button" className={`button button-small ${gender === value ? 'button-primary' : 'button-secondary'}`} aria-pressed={gender === value} onClick={() => setGender(value)}>
            {label}
          </button>
        ))}
      </div>
      {therapists === undefined && <p className="muted">{messages.loading}</p>}
      {therapists === null && <p className="notice notice-warning">{at ? m.freeAtRefused : messages.errors.network}</p>}
      {therapists?.length === 0 && at && <p className="notice notice-warning">{m.noneFreeAt}</p>}
      <div className="therapist-grid">
        {therapists?.map((t) => <TherapistCard key={t.id} therapist={t} favorite={ids.includes(t.id)} onToggleFavorite={() => onToggle(t.id)} reviews={reviews} />)}
      </div>
    </section>
  );
}
