import { useLoaderData } from 'react-router';
import { CategorySection } from '@/features/catalog';
import { TherapistGallery } from '@/features/massage';
import { usePageTitle } from '@/lib/page-title';
import type { categoryLoader } from './catalog-loaders';

export function Component() {
  const { category } = useLoaderData() as Awaited<ReturnType<typeof categoryLoader>>;
  usePageTitle(category.info.name);
  return (
    <>
      <CategorySection category={category} headingLevel={1} first />
      {category.info.slug === 'dragon-massage' && <TherapistGallery />}
    </>
  );
}
