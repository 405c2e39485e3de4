import '../massage.css';
import { useState, type ReactNode } from 'react';
import { messages } from '@/lib/messages';
import { showLocal } from '@/lib/vietnam-time';
import { useHeart, useTherapists } from '../hooks';
import { TherapistCard } from './therapist-card';
import { massageMessages } from '@/lib/massage-messages';

const m = massageMessages;
const SHORT_LIST = 4;

export interface TherapistChoice {
  /** `any`, `favourite` or `specific`, as the order's details say. */
  therapist: string;
  therapistId: string;
}

interface Props extends TherapistChoice {
  start: string;
  durationMinutes: number;
  /** The order being changed: its own booking does not hide the therapist it holds. */
  orderId: string;
  onChange: (choice: TherapistChoice) => void;
  error?: string;
  /** A therapist's reviews, drawn by the page when a card asks. */
  reviews?: (therapistId: string) => ReactNode;
}

/** Step2's therapist: nobody in particular, any favourite, or one of those free at that time. */
export function TherapistPicker({ start, durationMinutes, orderId, therapist, therapistId, onChange, error, reviews }: Props) {
  const ready = Boolean(start && durationMinutes);
  const free = useTherapists(ready ? { start, durationMinutes, orderId } : null);
  const { ids, onToggle } = useHeart();
  const favoritesFree = free?.some((t) => ids.includes(t.id)) ?? false;
  const [all, setAll] = useState(false);
  // A short list first (favourites come first from the server), the rest on request; the
  // chosen one is always shown.
  const shown = all ? free : free?.filter((t, n) => n < SHORT_LIST || ids.includes(t.id) || t.id === therapistId);
  const hidden = (free?.length ?? 0) - (shown?.length ?? 0);
  const option = (value: string, label: string, disabled = false) => (
    <label className={`radio-card${therapist === value ? ' is-selected' : ''}${disabled ? ' is-disabled' : ''}`}>
      <input type="radio" name="therapist" value={value} checked={therapist === value} disabled={disabled} onChange={() => onChange({ therapist: value, therapistId: '' })} />
      {label}
    </label>
  );
  return (
    <fieldset className="therapist-picker" aria-describedby={error ? 'therapist-error' : undefined}>
      <legend>{m.pickTitle}</legend>
      {!ready ? (
        <p className="muted">{m.pickNeedsTime}</p>
      ) : (
        <p className="muted small">{m.pickLead(showLocal(start))}</p>
      )}
      {option('any', m.anyone)}
      {option('favourite', favoritesFree || therapist === 'favourite' ? m.anyFavorite : messages.aside(m.anyFavorite, m.noFavorites), !favoritesFree && therapist !== 'favourite')}
      {error && (
        <p id="therapist-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      {free === undefined && ready && <p className="muted">{messages.loading}</p>}
      {free === null && <p className="notice notice-warning">{messages.errors.network}</p>}
      {free && free.length === 0 && <p className="notice notice-warning">{m.noneFree}</p>}
      <div className="therapist-grid">
        {shown?.map((t) => {
          const chosen = therapist === 'specific' && therapistId === t.id;
          return (
            <TherapistCard
              key={t.id}
              therapist={t}
              favorite={ids.includes(t.id)}
              onToggleFavorite={() => onToggle(t.id)}
              selected={chosen}
              reviews={reviews}
              action={
                <button
                  type="button"
                  className={`button button-small ${chosen ? 'button-primary' : 'button-secondary'}`}
                  aria-pressed={chosen}
                  onClick={() => onChange({ therapist: 'specific', therapistId: t.id })}
                >
                  {chosen ? m.chosen : m.choose}
                </button>
              }
            />
          );
        })}
      </div>
      {hidden > 0 && (
        <button type="button" className="button button-secondary button-block therapist-more" onClick={() => setAll(true)}>
          {m.showAll(hidden)}
        </button>
      )}
    </fieldset>
  );
}
