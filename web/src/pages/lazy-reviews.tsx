import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReviewSubject } from '@/features/review';
import { importWithReload } from '@/lib/lazy-load';

/** Loaded when the list nears the screen: reviews sit below the fold, and their list brings the
 * query hooks the catalogue's pages otherwise do without. */
const ReviewList = lazy(() => importWithReload(() => import('./review-list')));

export function LazyReviews({ subject }: { subject: ReviewSubject }) {
  const spot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = spot.current;
    if (!el || near) return;
    const watch = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && setNear(true), { rootMargin: '400px' });
    watch.observe(el);
    return () => watch.disconnect();
  }, [near]);
  return (
    <div ref={spot}>
      {near && (
        <Suspense fallback={null}>
          <ReviewList subject={subject} />
        </Suspense>
      )}
    </div>
  );
}

/** A therapist card's reviews, opened from the card. */
export function therapistReviews(therapistId: string) {
  return <LazyReviews subject={{ case: 'therapistId', value: therapistId }} />;
}
