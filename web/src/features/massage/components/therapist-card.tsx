import '../massage.css';
import { useState, type ReactNode } from 'react';
import { PhotoViewer } from '@/components/photo-viewer';
import { RatingLine } from '@/components/rating';
import { messages } from '@/lib/messages';
import { isUploaded, photoAt } from '@/lib/photos';
import { reviewMessages } from '@/lib/review-messages';
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
  /** Her travellers' reviews, drawn by the page when asked for. */
  reviews?: (therapistId: string) => ReactNode;
}

export function TherapistCard({ therapist: t, favorite, onToggleFavorite, selected, action, reviews }: Props) {
  const [showReviews, setShowReviews] = useState(false);
  const [viewing, setViewing] = useState(false);
  const photos = t.photos.filter(isUploaded);
  const face = <img className="therapist-photo" src={t.photo} alt="" width={72} height={72} loading="lazy" />;
  return (
    <article className={`card therapist-card${selected ? ' is-selected' : ''}`} data-testid={`therapist-${t.id}`}>
      {photos.length > 0 ? (
        <button type="button" className="therapist-photo-open" aria-label={messages.photos.all(photos.length)} onClick={() => setViewing(true)}>
          {face}
          {photos.length > 1 && <span className="therapist-photo-count">{messages.photos.more(photos.length)}</span>}
        </button>
      ) : (
        face
      )}
      {viewing && <PhotoViewer photos={photos.map((p) => photoAt(p, 288))} start={0} title={t.name} onClose={() => setViewing(false)} />}
      <div className="therapist-body">
        <h3>
          {t.name} <span className="muted small">{m.genders[t.gender]}</span>
        </h3>
        <p className="small">
          {t.reviews?.count ? (
            <RatingLine summary={t.reviews} />
          ) : (
            <span className="therapist-rating">{m.rating(t.ratingTenths)}</span>
          )}{' '}
          · {m.years(t.yearsOfPractice)}
        </p>
        <p className="tags">
          {[...t.languages.map((code) => m.speaks[code] ?? code), ...t.skills].map((tag) => (
            <span key={tag} className="tag">
              {tag}
            </span>
          ))}
        </p>
        {t.bio && <p className="small muted">{t.bio}</p>}
        {reviews && t.reviews?.count ? (
          <button type="button" className="button-link small" aria-expanded={showReviews} onClick={() => setShowReviews(!showReviews)}>
            {showReviews ? reviewMessages.hide : reviewMessages.show}
          </button>
        ) : null}
        {showReviews && reviews?.(t.id)}
        {action}
      </div>
      <HeartButton pressed={favorite} name={t.name} onClick={onToggleFavorite} />
    </article>
  );
}
