import { data, type LoaderFunctionArgs } from 'react-router';
import { isCategory } from '@/lib/paths';
import { loadCategory, loadHome } from '@/features/catalog';

// The catalogue pages' loaders are in the route table, not in the pages' lazy modules: their data
// is asked for while the page's code loads, not after it.

export async function homeLoader() {
  return { categories: await loadHome() };
}

export async function categoryLoader({ params }: LoaderFunctionArgs) {
  // The route validity check: an unknown category is a 404, like an unknown path.
  const category = isCategory(params.category) ? await loadCategory(params.category) : undefined;
  if (!category) throw data(null, { status: 404 });
  return { category };
}
