import { fromBinary } from '@bufbuild/protobuf';
import { Code } from '@connectrpc/connect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  Category,
  ListCategoriesResponseSchema,
  ListPlansRequestSchema,
  ListPlansResponseSchema,
} from '@/gen/booking/v1/catalog_pb';
import { loadCategory, loadHome } from '@/features/catalog';
import { queryClient } from '@/lib/query-client';
import { grpcWebError, grpcWebOk } from './grpc-web';

const info = (category: Category, slug: string) => ({ category, slug, name: slug, planCount: 1, fromPriceVnd: 1000n });

/**
 * A catalogue server behind the global fetch. The category list answers only once `holdList`
 * resolves (or after 300 ms); every call and answer is written to `log` in order.
 */
function catalogServer(listed: ReturnType<typeof info>[], holdList: Promise<unknown> = Promise.resolve()) {
  const log: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = String(input).split('/').pop();
      if (method === 'ListCategories') {
        log.push('list asked');
        await Promise.race([holdList, new Promise((r) => setTimeout(r, 300))]);
        log.push('list answered');
        return grpcWebOk(ListCategoriesResponseSchema, { categories: listed });
      }
      const { category } = fromBinary(ListPlansRequestSchema, (init?.body as Uint8Array).subarray(5));
      log.push(`plans of ${category} asked`);
      if (category === Category.ESCORT) {
        return grpcWebError(Code.NotFound);
      }
      return grpcWebOk(ListPlansResponseSchema, { plans: [{ id: `plan-${category}`, name: `plan ${category}` }] });
    }),
  );
  return log;
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the home page data', () => {
  it('asks for the plans before the category list has answered', async () => {
    let allAsked!: () => void;
    const log = catalogServer(
      [info(Category.SHUTTLE, 'shuttle'), info(Category.CHARTER, 'charter')],
      new Promise((resolve) => (allAsked = () => resolve(null))),
    );
    const known = [Category.SHUTTLE, Category.CHARTER, Category.ESCORT, Category.DRAGON_MASSAGE];
    const home = loadHome();
    await vi.waitFor(() => expect(log.filter((l) => l.startsWith('plans'))).toHaveLength(known.length));
    allAsked();
    const categories = await home;
    expect(log.indexOf('list answered')).toBeGreaterThan(log.indexOf(`plans of ${Category.DRAGON_MASSAGE} asked`));
    expect(categories.map((c) => [c.info.slug, c.plans.map((p) => p.id)])).toEqual([
      ['shuttle', [`plan-${Category.SHUTTLE}`]],
      ['charter', [`plan-${Category.CHARTER}`]],
    ]);
  });

  it('drops a category the list leaves out, and its failed call with it', async () => {
    // Escort's plans fail (NOT_FOUND), but escort is not listed: the page loads all the same, and
    // no rejection goes unhandled (Vitest fails the run if one does).
    catalogServer([info(Category.SHUTTLE, 'shuttle')], Promise.resolve());
    const categories = await loadHome();
    expect(categories.map((c) => c.info.slug)).toEqual(['shuttle']);
  });

  it('fails when a listed category fails', async () => {
    catalogServer([info(Category.ESCORT, 'escort')], Promise.resolve());
    await expect(loadHome()).rejects.toThrow();
  });
});

describe('a category page', () => {
  it('asks for the list and the plans at once', async () => {
    const log = catalogServer([info(Category.CHARTER, 'charter')], new Promise(() => {}));
    const category = await loadCategory('charter');
    expect(log.indexOf(`plans of ${Category.CHARTER} asked`)).toBeLessThan(log.indexOf('list answered'));
    expect(category?.plans.map((p) => p.id)).toEqual([`plan-${Category.CHARTER}`]);
  });

  it('is not found when the list leaves its category out, even if its plans fail', async () => {
    catalogServer([info(Category.CHARTER, 'charter')], Promise.resolve());
    await expect(loadCategory('escort')).resolves.toBeUndefined();
  });
});

describe('the catalogue cache', () => {
  it('answers a second visit within a while from the cache, without asking the server', async () => {
    const log = catalogServer([info(Category.SHUTTLE, 'shuttle')], Promise.resolve());
    await loadCategory('shuttle');
    const asked = log.length;
    const again = await loadCategory('shuttle');
    expect(log).toHaveLength(asked);
    expect(again?.plans.map((p) => p.id)).toEqual([`plan-${Category.SHUTTLE}`]);
  });
});
