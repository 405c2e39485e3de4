import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { isCategory } from '@/app/paths';
import { CategorySection, loadCategory } from '@/features/catalog';
import { TherapistGallery } from '@/features/massage';

export async function loader({ params }: LoaderFunctionArgs) {
  // The route validity check: an unknown category is a 404, like an unknown path.
  const category = isCategory(params.category) ? await loadCategory(params.category) : undefined;
  if (!category) throw data(null, { status: 404 });
  return { category };
}

export function Component() {
  const { category } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return (
    <>
      <CategorySection category={category} headingLevel={1} />
      {category.info.slug === 'dragon-massage' && <TherapistGallery />}
    </>
  );
}
