import { data, type LoaderFunctionArgs } from 'react-router';
import { isCategory } from '@/lib/paths';
import { loadCategory, loadHome, loadPlan } from '@/features/catalog';

// The catalogue pages' loaders are in the route table, not in the pages' lazy modules: their data
// is asked for while the page's code loads, not after it.

export async function homeLoader({ request }: LoaderFunctionArgs) {
  const city = new URL(request.url).searchParams.get('city') ?? '';
  return { city, categories: await loadHome(3, city) };
}

export async function categoryLoader({ params }: LoaderFunctionArgs) {
  // The route validity check: an unknown category is a 404, like an unknown path.
  const category = isCategory(params.category) ? await loadCategory(params.category) : undefined;
  if (!category) throw data(null, { status: 404 });
  return { category };
}

export async function planLoader({ params }: LoaderFunctionArgs) {
  const found = isCategory(params.category) ? await loadPlan(params.category, params.planId ?? '') : undefined;
  if (!found) throw data(null, { status: 404 });
  return found;
}
