import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { PlanSchema } from '@/gen/booking/v1/catalog_pb';
import { fits, fold, matchesWords, sortPlans } from '@/features/catalog/plan-search';

const cities: Record<string, string> = { dad: '峴港', hcm: '胡志明市' };
const plan = (id: string, over: MessageInitShape<typeof PlanSchema> = {}) => create(PlanSchema, { id, name: `Plan ${id}`, ...over });

describe('finding plans in a category', () => {
  it('folds case and Vietnamese marks', () => {
    expect(fold('Đà Nẵng')).toBe('da nang');
    expect(fold('ĐÀ NẴNG')).toBe('da nang');
  });

  it('finds every word typed in the name, texts, city or airport', () => {
    const dad = plan('a', { name: '峴港機場接送・7 人座', description: 'Đón tại sân bay Đà Nẵng', airport: 'DAD', content: { cities: ['dad'] } });
    const find = (typed: string) => matchesWords(dad, typed, (c) => cities[c] ?? c);
    for (const typed of ['', '  ', '峴港', 'da nang', 'DAD 7 人座', 'sân bay']) expect(find(typed), typed).toBe(true);
    for (const typed of ['河內', 'dad hanoi', 'sgn']) expect(find(typed), typed).toBe(false);
  });

  it('takes the travellers and the luggage the plan has room for', () => {
    const van = plan('v', { vehicle: { seats: 7, luggage: 4 }, rules: { capacity: 7 } });
    const guide = plan('g', { rules: { capacity: 6 } });
    expect([fits(van, 7, 4), fits(van, 8, 0), fits(van, 2, 5), fits(van, 0, 0)]).toEqual([true, false, false, true]);
    // No vehicle: luggage is not its matter.
    expect([fits(guide, 6, 3), fits(guide, 7, 0)]).toEqual([true, false]);
  });

  it('orders by price either way or by rating, ties as listed', () => {
    const plans = [
      plan('a', { fromPriceVnd: 500_000n, reviews: { count: 3, averageTenths: 45 } }),
      plan('b', { fromPriceVnd: 300_000n, reviews: { count: 9, averageTenths: 45 } }),
      plan('c', { fromPriceVnd: 300_000n }),
      plan('d', { fromPriceVnd: 900_000n, reviews: { count: 1, averageTenths: 50 } }),
    ];
    const ids = (sort?: Parameters<typeof sortPlans>[1]) => sortPlans(plans, sort).map((p) => p.id).join('');
    expect(ids()).toBe('abcd');
    expect(ids('price')).toBe('bcad');
    expect(ids('price-desc')).toBe('dabc');
    expect(ids('rating')).toBe('dbac');
  });
});
