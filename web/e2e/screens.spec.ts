import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { FIRST_STEPS, PUBLIC_PAGES } from './routes';
import { booking } from './server-cli';
import { logInTo } from './sign-in';

// Every screen in Vietnamese and English, whose words run longer than Chinese ones, on a 360 px
// phone and a desktop: the customer's pages, an order's three steps, the member area and the
// console's screens. Each is photographed (test-results/screens/, to look at) and fails when the
// page scrolls sideways, the mark of a word too long for its box.

const PASSWORD = 'secret-123';
const STAFF = `${Date.now()}@ops.example`;
const STAFF_PASSWORD = 'a-long-operator-pass';
const VIEWPORTS = [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const LANGUAGES = ['vi', 'en'] as const;


const MEMBER = ['/member', '/member/order', '/member/user-info', '/member/v-coin', '/member/customer-service'];
const CONSOLE = ['/ops', '/ops/orders', '/ops/support', '/ops/customers', '/ops/audit', '/ops/reviews', '/ops/staff', '/ops/catalog', '/ops/partners'];

/** How far the page scrolls sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function speak(context: BrowserContext, lang: string, baseURL: string) {
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
}

/** Shows `path` in `lang` and each size, photographed; the paths that scroll sideways. */
async function walk(page: Page, lang: string, paths: readonly string[], tag: string, baseURL: string): Promise<string[]> {
  const wide: string[] = [];
  await speak(page.context(), lang, baseURL);
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Lists and photos settle before the picture and the measure (signed in, a live stream
      // stays open, so the network is never idle for long).
      await page.waitForLoadState('networkidle', { timeout: 1500 }).catch(() => undefined);
      const name = `${tag}-${lang}-${size.name}-${path.replace(/[^a-z0-9]+/gi, '_')}`;
      await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
      const by = await sideways(page);
      if (by > 0) wide.push(`${lang} ${size.width}px ${path}: ${by}px`);
    }
  }
  return wide;
}

// One test per language and part, so that both workers share the walk.
for (const lang of LANGUAGES) {
  test(`the customer’s pages fit a phone and a desktop (${lang})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    expect(await walk(page, lang, PUBLIC_PAGES, 'public', baseURL!)).toEqual([]);
  });

  test(`an order’s steps and the member area fit (${lang})`, async ({ page, request, baseURL }) => {
    test.setTimeout(180_000);
    const email = `screens-${lang}-${Date.now()}@example.com`;
    expect((await request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } })).status()).toBe(200);
    await logInTo(page, '/member', email, PASSWORD);
    // A shuttle carried to its confirmation in Chinese; its draft and order are then shown again in
    // this test's language (a reload keeps a draft).
    await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
    const vn = new Date(Date.now() + 7 * 3600_000 + 2 * 86400_000).toISOString().slice(0, 10);
    await page.getByLabel('航班編號').fill('VN123');
    await page.getByLabel(/航班抵達時間/).fill(`${vn}T10:00`);
    await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
    await page.getByLabel('乘客人數').fill('2');
    await page.getByLabel('大型行李件數').fill('2');
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/order\/shuttle\/step2$/);
    const contact = async () => {
      await page.getByLabel('聯絡人姓名').fill('Nguyễn Văn An');
      await page.getByLabel('手機號碼').fill('0912 345 678');
    };
    await contact();
    const wide = await walk(page, lang, [...FIRST_STEPS, '/order/shuttle/step2', ...MEMBER], 'member', baseURL!);
    await speak(page.context(), 'zh-TW', baseURL!);
    await page.goto('/order/shuttle/step2');
    await contact();
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(/\/order\/shuttle\/confirm$/);
    await expect(page.getByTestId('order-id')).toHaveText(/^BK/);
    wide.push(...(await walk(page, lang, ['/order/shuttle/confirm', '/member/order'], 'confirm', baseURL!)));
    expect(wide).toEqual([]);
  });

  test(`the console’s screens fit (${lang})`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const staff = `screens-${lang}-${STAFF}`;
    booking(['admin', 'create-operator', '--email', staff], `${STAFF_PASSWORD}\n`);
    await logInTo(page, '/ops', staff, STAFF_PASSWORD);
    expect(await walk(page, lang, CONSOLE, 'console', baseURL!)).toEqual([]);
  });
}
