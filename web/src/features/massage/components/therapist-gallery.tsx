import '../massage.css';
import { useState, type ReactNode } from 'react';
import { messages } from '@/lib/messages';
import { Gender } from '../api/massage-api';
import { useHeart, useTherapists } from '../hooks';
import { TherapistCard } from './therapist-card';
import { massageMessages } from '@/lib/massage-messages';

const m = massageMessages;
const GENDERS: Record<string, Gender | undefined> = { all: undefined, female: Gender.FEMALE, male: Gender.MALE };

/** The massage page's therapists, with hearts; the favourites come first when signed in. */
export function TherapistGallery({ reviews }: { reviews?: (therapistId: string) => ReactNode }) {
  const [gender, setGender] = useState('all');
  const therapists = useTherapists({ gender: GENDERS[gender] });
  const { ids, onToggle } = useHeart();
  return (
    <section className="therapists" aria-labelledby="therapists-title">
      <h2 id="therapists-title">{m.therapistsTitle}</h2>
      <p className="muted">{m.therapistsLead}</p>
      <div className="chips" role="group">
        {Object.entries(m.filters).map(([value, label]) => (
          <button key={value} type="button" className={`button button-small ${gender === value ? 'button-primary' : 'button-secondary'}`} aria-pressed={gender === value} onClick={() => setGender(value)}>
            {label}
          </button>
        ))}
      </div>
      {therapists === undefined && <p className="muted">{messages.loading}</p>}
      {therapists === null && <p className="notice notice-warning">{messages.errors.network}</p>}
      <div className="therapist-grid">
        {therapists?.map((t) => <TherapistCard key={t.id} therapist={t} favorite={ids.includes(t.id)} onToggleFavorite={() => onToggle(t.id)} reviews={reviews} />)}
      </div>
    </section>
  );
}
