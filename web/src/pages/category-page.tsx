import { useLoaderData } from 'react-router';
import { CategorySection, NoMatch, PlanFilters, useFilteredPlans } from '@/features/catalog';
import { TherapistGallery } from '@/features/massage';
import { usePageTitle } from '@/lib/page-title';
import type { categoryLoader } from './catalog-loaders';
import { therapistReviews } from './lazy-reviews';

export function Component() {
  const { category } = useLoaderData() as Awaited<ReturnType<typeof categoryLoader>>;
  usePageTitle(category.info.name);
  const filter = useFilteredPlans(category.info.slug, category.plans);
  return (
    <>
      <CategorySection
        category={{ ...category, plans: filter.shown }}
        headingLevel={1}
        first
        filters={<PlanFilters plans={category.plans} state={filter} />}
        empty={filter.filtered ? <NoMatch onClear={filter.clear} /> : undefined}
      />
      {category.info.slug === 'dragon-massage' && <TherapistGallery reviews={therapistReviews} />}
    </>
  );
}
