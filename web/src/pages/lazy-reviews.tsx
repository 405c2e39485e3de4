import { lazy, Suspense } from 'react';
import type { ReviewSubject } from '@/features/review';
import { importWithReload } from '@/lib/lazy-load';

/** Read after the page is drawn: reviews are below the fold, and their list brings the query
 * hooks the catalogue's pages otherwise do without. */
const ReviewList = lazy(() => importWithReload(() => import('./review-list')));

export function LazyReviews({ subject }: { subject: ReviewSubject }) {
  return (
    <Suspense fallback={null}>
      <ReviewList subject={subject} />
    </Suspense>
  );
}

/** A therapist card's reviews, opened from the card. */
export function therapistReviews(therapistId: string) {
  return <LazyReviews subject={{ case: 'therapistId', value: therapistId }} />;
}
