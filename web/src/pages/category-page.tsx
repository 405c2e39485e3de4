import { useLoaderData } from 'react-router';
import { CategorySection } from '@/features/catalog';
import { TherapistGallery } from '@/features/massage';
import type { categoryLoader } from './catalog-loaders';

export function Component() {
  const { category } = useLoaderData() as Awaited<ReturnType<typeof categoryLoader>>;
  return (
    <>
      <CategorySection category={category} headingLevel={1} first />
      {category.info.slug === 'dragon-massage' && <TherapistGallery />}
    </>
  );
}
