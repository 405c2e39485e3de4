import { Category, type CategoryInfo, type Plan } from '@/gen/booking/v1/catalog_pb';
import { flowOf, isCategory, stepPath } from '@/app/paths';
import { catalogClient } from '@/lib/api/clients';

export type { CategoryInfo, Plan };

const SLUG_OF: Record<Category, string> = {
  [Category.UNSPECIFIED]: '',
  [Category.SHUTTLE]: 'shuttle',
  [Category.CHARTER]: 'charter',
  [Category.ESCORT]: 'escort',
  [Category.DRAGON_MASSAGE]: 'dragon-massage',
};

export function slugOf(category: Category): string {
  return SLUG_OF[category];
}

function categoryOf(slug: string): Category {
  const found = (Object.entries(SLUG_OF) as Array<[string, string]>).find(([, s]) => s === slug);
  return found ? (Number(found[0]) as Category) : Category.UNSPECIFIED;
}

export interface CategoryWithPlans {
  info: CategoryInfo;
  plans: Plan[];
}

/** The home page: every category with its first few plans. */
export async function loadHome(plansPerCategory = 3): Promise<CategoryWithPlans[]> {
  const { categories } = await catalogClient.listCategories({});
  return Promise.all(
    categories.map(async (info) => {
      const { plans } = await catalogClient.listPlans({ category: info.category, pageSize: plansPerCategory });
      return { info, plans };
    }),
  );
}

/** One category with all its plans, or undefined when there is no such category. */
export async function loadCategory(slug: string): Promise<CategoryWithPlans | undefined> {
  const category = categoryOf(slug);
  if (category === Category.UNSPECIFIED) return undefined;
  const { categories } = await catalogClient.listCategories({});
  const info = categories.find((c) => c.category === category);
  if (!info) return undefined;
  const plans: Plan[] = [];
  let pageToken = '';
  do {
    const page = await catalogClient.listPlans({ category, pageSize: 100, pageToken });
    plans.push(...page.plans);
    pageToken = page.nextPageToken;
  } while (pageToken);
  return { info, plans };
}

/** Where booking a plan starts: its flow's step1. */
export function bookingPath(plan: Plan): string {
  const slug = slugOf(plan.category);
  return isCategory(slug) ? stepPath(flowOf(slug), 'step1', plan.id) : '/';
}
