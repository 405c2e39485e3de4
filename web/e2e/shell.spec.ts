import { expect, test } from '@playwright/test';
import { get } from 'node:http';

interface ApiPlan {
  id: string;
  name: string;
  fromPriceVnd: number;
}

async function plansOf(request: import('@playwright/test').APIRequestContext, category: string): Promise<ApiPlan[]> {
  const response = await request.get(`/api/plan/${category}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiPlan[] }).data;
}

const vnd = (n: number) => `VND ${n.toLocaleString('en-US')}`;

test('the home page lists the plans from the database, priced in VND', async ({ page, request }) => {
  const shuttle = await plansOf(request, 'shuttle');
  const massage = await plansOf(request, 'dragon-massage');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: '機場接送' })).toBeVisible();
  for (const plan of [shuttle[0], massage[0]]) {
    if (!plan) throw new Error('no demo plans');
    const card = page.locator('.plan-card', { hasText: plan.name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(vnd(plan.fromPriceVnd));
  }
  await expect(page.locator('.plan-card')).toHaveCount(12); // three per category
  await expect(page).toHaveTitle(/越南旅遊預約/);
});

test('a category page shows all plans of its category', async ({ page, request }) => {
  const charter = await plansOf(request, 'charter');
  await page.goto('/');
  await page.getByRole('navigation', { name: '服務分類' }).getByRole('link', { name: '包車' }).click();
  await expect(page).toHaveURL(/\/category\/charter$/);
  await expect(page.getByRole('heading', { level: 1, name: '包車服務' })).toBeVisible();
  await expect(page.locator('.plan-card')).toHaveCount(charter.length);
  const escortResponse = await page.goto('/category/escort');
  expect(escortResponse?.status()).toBe(200);
  await expect(page.locator('.plan-card').first()).toContainText('立即預訂');
});

test('an unknown path is a 404 with the not-found screen', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found: /no/such/page')).toBeVisible();
  await expect(page.locator('.error-status')).toHaveText('404');

  const unknownCategory = await page.goto('/category/helicopter');
  expect(unknownCategory?.status()).toBe(404);
  await expect(page.getByText('Page not found: /category/helicopter')).toBeVisible();
});

test('the theme survives a reload', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: '切換為深色主題' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: '切換為淺色主題' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'theme');
  expect(cookie?.value).toBe('dark');
});

test('order steps use the layout with a footer; other pages do not', async ({ page }) => {
  const response = await page.goto('/order/escort/escort-city-full-day/step1');
  expect(response?.status()).toBe(200);
  await expect(page.locator('.order-footer')).toBeVisible();
  // One footer landmark, the site's: the order layout's help line is not a second one.
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
  await page.goto('/member');
  // Signed out, the member home asks to sign in first.
  await expect(page).toHaveURL(/\/login\?next=%2Fmember$/);
  await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
  await expect(page.locator('.order-footer')).toHaveCount(0);
});

test('on a phone an order step’s 下一步 is on the screen, tappable, not under a footer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  const next = page.getByRole('button', { name: '下一步' });
  await expect(next).toBeInViewport();
  const box = await next.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
  // Nothing else covers it: the point at its middle is the button itself.
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? '', {
    x: (box?.x ?? 0) + (box?.width ?? 0) / 2,
    y: (box?.y ?? 0) + (box?.height ?? 0) / 2,
  });
  expect(onTop).toBe('下一步');
  // The help line is at the end of the page, not held over it.
  expect(await page.locator('.order-footer').evaluate((e) => getComputedStyle(e).position)).toBe('static');
});

test('error screens keep the site header', async ({ page }) => {
  for (const path of ['/no/such/page', '/category/helicopter']) {
    await page.goto(path);
    await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
    await expect(page.getByRole('navigation', { name: '服務分類' })).toBeVisible();
  }
});

test('while a page’s code loads, the header stays and an order step already shows its heading', async ({ page }) => {
  // Hold the step's code back, as a slow network would.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/order-step1-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await expect(page.getByRole('navigation', { name: '服務分類' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '機場接送・填寫服務資料' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '載入中…' })).toBeVisible();
  await expect(page.getByLabel('航班編號')).toHaveCount(0);
  release();
  await expect(page.getByLabel('航班編號')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '載入中…' })).toHaveCount(0);
});

test('an order step requests its code only after the frame that draws its heading', async ({ page }) => {
  // The start of the first animation frame that finds the heading in the page: the step's code
  // must be asked for after it (the browser paints that frame before the next task).
  await page.addInitScript(() => {
    const w = window as unknown as { headingFrame?: number };
    const look = () => {
      if (document.querySelector('h1')) w.headingFrame = performance.now();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await expect(page.getByLabel('航班編號')).toBeVisible();
  const { headingFrame, stepRequested } = await page.evaluate(() => ({
    headingFrame: (window as unknown as { headingFrame?: number }).headingFrame,
    stepRequested: performance
      .getEntriesByType('resource')
      .find((r) => /\/order-step1-page-[^/]+\.js$/.test(r.name))?.startTime,
  }));
  expect(headingFrame).toBeGreaterThan(0);
  expect(stepRequested).toBeGreaterThan(headingFrame ?? Infinity);
});

test('the site’s stylesheet applies under the content security policy, which refuses nothing the pages use', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) refused.push(m.text());
  });
  for (const path of ['/', '/category/shuttle', '/no/such/page']) {
    await page.goto(path);
    await expect(page.locator('.site-header')).toHaveCSS('position', 'sticky');
  }
  expect(refused).toEqual([]);
});

test('every script an order step loads reaches the browser with V8’s compile hint as its first line', async ({ page }) => {
  const scripts: Array<import('@playwright/test').Response> = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await expect(page.getByLabel('航班編號')).toBeVisible();
  // The entry, rolldown's helpers, the vendor and API chunks and the step's own chunks, as sent
  // (compressed) and decoded.
  expect(scripts.length).toBeGreaterThan(3);
  for (const script of scripts) {
    expect((await script.text()).split('\n', 1)[0], script.url()).toBe('//# allFunctionsCalledOnLoad');
  }
});

test('the home page’s JavaScript, as the server sends it gzip-compressed, stays within 150,000 bytes', async ({ page, baseURL }) => {
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('.plan-card').first()).toBeVisible();
  // The body's bytes as sent, not decoded (Playwright's request context would decode them).
  const served = (path: string) =>
    new Promise<number>((resolve, reject) => {
      get(new URL(path, baseURL), { headers: { 'accept-encoding': 'gzip' } }, (r) => {
        let n = 0;
        r.on('data', (chunk: Buffer) => (n += chunk.length));
        r.on('end', () => resolve(n));
      }).on('error', reject);
    });
  const sizes = await Promise.all([...scripts].map(served));
  const total = sizes.reduce((a, b) => a + b, 0);
  expect(scripts.size).toBeGreaterThan(3);
  expect(total, `${[...scripts].join(', ')}: ${total} bytes`).toBeLessThanOrEqual(150_000);
});
