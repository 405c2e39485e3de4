import '../massage.css';
import type { ReactNode } from 'react';
import type { Therapist } from '../api/massage-api';
import { HeartButton } from './heart-button';
import { massageMessages } from '@/lib/massage-messages';

const m = massageMessages;

interface Props {
  therapist: Therapist;
  favorite: boolean;
  onToggleFavorite: () => void;
  selected?: boolean;
  /** What the card offers besides the heart (the picker's choose button). */
  action?: ReactNode;
}

export function TherapistCard({ therapist: t, favorite, onToggleFavorite, selected, action }: Props) {
  return (
    <article className={`card therapist-card${selected ? ' is-selected' : ''}`} data-testid={`therapist-${t.id}`}>
      <img className="therapist-photo" src={t.photo} alt="" width={72} height={72} loading="lazy" />
      <div className="therapist-body">
        <h3>
          {t.name} <span className="muted small">{m.genders[t.gender]}</span>
        </h3>
        <p className="small">
          <span className="therapist-rating">{m.rating(t.ratingTenths)}</span> · {m.years(t.yearsOfPractice)}
        </p>
        <p className="tags">
          {[...t.languages, ...t.skills].map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
        </p>
        {t.bio && <p className="small muted">{t.bio}</p>}
        {action}
      </div>
      <HeartButton pressed={favorite} name={t.name} onClick={onToggleFavorite} />
    </article>
  );
}
