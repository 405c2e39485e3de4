import { Category, CatalogService, type CategoryInfo, type Plan } from '@/gen/booking/v1/catalog_pb';
import { flowOf, isCategory, newBookingPath } from '@/lib/paths';
import { fetchRpc, fetchRpcAll } from '@/lib/api/rpc';

const { getPlan, listCategories, listPlans } = CatalogService.method;

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

/**
 * A call started before it is known to be needed. If it turns out not to be, nobody awaits it, and
 * its failure is dropped rather than reported as an unhandled rejection.
 */
function early<T>(call: Promise<T>): Promise<T> {
  call.catch(() => undefined);
  return call;
}

const KNOWN = (Object.keys(SLUG_OF).map(Number) as Category[]).filter((c) => c !== Category.UNSPECIFIED);

/**
 * The home page: every category with its first few plans. The plans of the known categories are
 * asked for together with the list, not after it, so the page waits one round trip instead of two.
 */
export async function loadHome(plansPerCategory = 3, city = ''): Promise<CategoryWithPlans[]> {
  // A city chosen: every plan is asked for, and the first few offered there are shown.
  const plansOf = (category: Category) =>
    city
      ? fetchRpcAll(listPlans, { category, pageSize: 100 }, (page) => page.plans).then((all) =>
          all.filter((p) => p.content?.cities.includes(city)),
        )
      : fetchRpc(listPlans, { category, pageSize: plansPerCategory }).then((r) => r.plans);
  const asked = new Map<Category, Promise<Plan[]>>(KNOWN.map((c) => [c, early(plansOf(c))]));
  const { categories } = await fetchRpc(listCategories, {});
  return Promise.all(
    categories.map(async (info) => {
      const plans = await (asked.get(info.category) ?? plansOf(info.category));
      if (!city) return { info, plans };
      // The count and the lowest price are the city's.
      const from = plans.reduce((low, p) => (low === 0n || p.fromPriceVnd < low ? p.fromPriceVnd : low), 0n);
      return { info: { ...info, planCount: plans.length, fromPriceVnd: from }, plans: plans.slice(0, plansPerCategory) };
    }),
  );
}

/** One category with all its plans, or undefined when there is no such category. */
export async function loadCategory(slug: string): Promise<CategoryWithPlans | undefined> {
  const category = categoryOf(slug);
  if (category === Category.UNSPECIFIED) return undefined;
  // The list and the plans are asked for at once. A category the list leaves out is not found,
  // whatever its plans' answer.
  const plans = early(fetchRpcAll(listPlans, { category, pageSize: 100 }, (page) => page.plans));
  const { categories } = await fetchRpc(listCategories, {});
  const info = categories.find((c) => c.category === category);
  if (!info) return undefined;
  return { info, plans: await plans };
}

/** A plan and its category, for the plan's page; undefined when it is not offered there. */
export async function loadPlan(slug: string, planId: string): Promise<{ info: CategoryInfo; plan: Plan } | undefined> {
  const category = categoryOf(slug);
  if (category === Category.UNSPECIFIED || !planId) return undefined;
  const asked = early(fetchRpc(getPlan, { id: planId }).then((r) => r.plan));
  const { categories } = await fetchRpc(listCategories, {});
  const info = categories.find((c) => c.category === category);
  const plan = await asked.catch(() => undefined);
  return info && plan && plan.category === category && plan.active ? { info, plan } : undefined;
}

/** A plan's own page. */
export function planPath(plan: Plan): string {
  return `/category/${slugOf(plan.category)}/${encodeURIComponent(plan.id)}`;
}

/** Where booking a plan starts: its flow's step1. */
export function bookingPath(plan: Plan): string {
  const slug = slugOf(plan.category);
  return isCategory(slug) ? newBookingPath(flowOf(slug), plan.id) : '/';
}
