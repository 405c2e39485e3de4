import { reviewMessages as m } from '@/lib/review-messages';

/** Filled and empty stars for one review (「★★★★☆」), read out as a number. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={m.stars(rating)}>
      {'★'.repeat(rating)}
      <span className="stars-empty">{'★'.repeat(Math.max(0, 5 - rating))}</span>
    </span>
  );
}
