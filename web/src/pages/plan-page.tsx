import { useEffect } from 'react';
import { useLoaderData } from 'react-router';
import { PlanDetails } from '@/features/catalog';
import { usePageTitle } from '@/lib/page-title';
import type { planLoader } from './catalog-loaders';
import { LazyReviews } from './lazy-reviews';

/** `/category/{category}/{planId}`: one plan, shareable; the server gives the link its preview. */
export function Component() {
  const { info, plan } = useLoaderData() as Awaited<ReturnType<typeof planLoader>>;
  usePageTitle(plan.name);
  useEffect(() => {
    // Kept in step for a link copied after navigating here within the app.
    document.querySelector('meta[name="description"]')?.setAttribute('content', plan.summary || plan.description);
  }, [plan]);
  return (
    <PlanDetails
      info={info}
      plan={plan}
      reviews={<LazyReviews subject={{ case: 'planId', value: plan.id }} />}
    />
  );
}
