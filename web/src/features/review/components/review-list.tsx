import '../review.css';
import { LoadMore } from '@/components/load-more';
import { Stars } from './stars';
import { reviewMessages as m } from '@/lib/review-messages';
import { showTimestamp } from '@/lib/vietnam-time';
import { useReviews, type Subject } from '../api/review-api';

/** A plan's or therapist's shown reviews, newest first, with 「載入更多」. */
export function ReviewList({ subject }: { subject: Subject }) {
  const { items, hasMore, more, error } = useReviews(subject);
  if (error) return <p className="muted">{m.loadFailed}</p>;
  if (!items) return null;
  if (items.length === 0) return <p className="muted">{m.none}</p>;
  return (
    <>
      <ul className="review-list" data-testid="reviews">
        {items.map((r) => (
          <li key={r.id} className="review">
            <p className="review-head">
              <Stars rating={r.rating} /> <strong>{r.author}</strong>{' '}
              <span className="muted small">
                {showTimestamp(r.createdAt)}
                {r.updatedAt && r.createdAt && r.updatedAt.seconds !== r.createdAt.seconds ? m.edited : ''}
              </span>
            </p>
            {r.comment && <p className="review-comment">{r.comment}</p>}
          </li>
        ))}
      </ul>
      <LoadMore hasMore={hasMore} onMore={more} />
    </>
  );
}
