// Finding plans in a category's list: words typed, how many travel and with how much luggage, and
// the order to show them in. The list is a category's few plans, already loaded whole; the order
// forms and the server still check capacity when booking.

import type { Plan } from './api/catalog-api';

export type PlanSort = 'price' | 'price-desc' | 'rating';
export const PLAN_SORTS: readonly PlanSort[] = ['price', 'price-desc', 'rating'];

/** Case and Vietnamese marks folded away, so "da nang" finds "Đà Nẵng" and "ĐÀ NẴNG". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

/** Whether every word typed is in the plan's name, texts, cities (by `cityName`) or airport. */
export function matchesWords(plan: Plan, typed: string, cityName: (code: string) => string): boolean {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const cities = plan.content?.cities ?? [];
  const text = fold([plan.name, plan.summary, plan.description, plan.airport, ...cities, ...cities.map(cityName)].join(' '));
  return words.every((w) => text.includes(w));
}

/** Whether the plan takes `people` travellers and `bags` large bags (0: not asked). */
export function fits(plan: Plan, people: number, bags: number): boolean {
  const capacity = plan.rules?.capacity ?? 0;
  if (people > 0 && capacity > 0 && people > capacity) return false;
  return bags === 0 || !plan.vehicle || plan.vehicle.luggage >= bags;
}

/** The plans in the chosen order; without one, the catalogue's. A stable sort keeps ties as listed. */
export function sortPlans(plans: readonly Plan[], sort: PlanSort | undefined): Plan[] {
  const rating = (p: Plan) => p.reviews?.averageTenths ?? 0;
  const count = (p: Plan) => p.reviews?.count ?? 0;
  const order: Record<PlanSort, (a: Plan, b: Plan) => number> = {
    price: (a, b) => Number(a.fromPriceVnd - b.fromPriceVnd),
    'price-desc': (a, b) => Number(b.fromPriceVnd - a.fromPriceVnd),
    // The better average first; of equals, the one more travellers vouch for.
    rating: (a, b) => rating(b) - rating(a) || count(b) - count(a),
  };
  return sort ? [...plans].sort(order[sort]) : [...plans];
}
