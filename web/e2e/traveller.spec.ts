import { FIRST_STEPS, PUBLIC_PAGES } from './routes';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInTo } from './sign-in';

// The traveller's side as a whole: every route names itself and passes axe, signed out and in,
// in both themes, on a phone.

const PASSWORD = 'secret-123';

test.use({ viewport: { width: 390, height: 844 } });

function dayAfterTomorrow(hour = '10:00'): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + 2 * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T${hour}`;
}

/** A new customer, signed up over the API. */
async function customer(request: APIRequestContext, name: string): Promise<{ email: string; token: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const signUp = await request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(signUp.status()).toBe(200);
  return { email, token: (await signUp.json()).data.idToken as string };
}

/** A shuttle order of the customer's, waiting for payment. */
async function shuttleOrder(request: APIRequestContext, token: string): Promise<string> {
  const r = await request.post('/api/plan/shuttle/shuttle-sgn-4/order', {
    headers: { 'authorization-firebase': token },
    data: {
      details: { direction: 'pick-up', flightNumber: 'VN123', start: dayAfterTomorrow(), address: 'Rex Hotel', passengers: 2, luggage: 2 },
      contact: { name: '王小明', phoneCountryCode: '+886', phoneNumber: '912345678' },
    },
  });
  expect(r.status()).toBe(201);
  return (await r.json()).data.id as string;
}

/** Pays an order with the dev provider, so the pages show a paid order too. */
/** Pays from the wallet after a top-up, so the ledger shows a credit and a spend (their colours are checked). */
async function payAtOnce(request: APIRequestContext, token: string, orderId: string): Promise<void> {
  const headers = (key: string) => ({ 'authorization-firebase': token, 'idempotency-key': key });
  const top = await request.post('/api/v-coin/top-up', { headers: headers(`top-${orderId}`), data: { amountVnd: 1_000_000, method: 'DEV' } });
  expect(top.status()).toBe(200);
  const r = await request.post(`/api/plan/shuttle/order/${orderId}/payment`, { headers: headers(`pay-${orderId}`), data: { method: 'VCOIN' } });
  expect(r.status()).toBe(200);
}

const SIGNED_OUT = [...PUBLIC_PAGES, ...FIRST_STEPS];

function signedIn(orderId: string, paidId: string): string[] {
  return [
    '/member',
    '/member/order',
    `/member/order?id=${orderId}`,
    `/member/order?id=${paidId}`,
    '/member/user-info',
    '/member/v-coin',
    '/member/customer-service',
    `/payment?order=${orderId}`,
    `/payment-complete?order=${orderId}`,
  ];
}

/** Visits each path; returns its title, and fails on any serious or critical axe finding. */
async function walk(page: Page, paths: string[], theme: string): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByText('載入中…')).toHaveCount(0);
    titles.set(path, await page.title());
    const { violations } = await new AxeBuilder({ page }).analyze();
    const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order');
    expect(
      grave.map((v) => `${path} [${theme}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      path,
    ).toEqual([]);
  }
  return titles;
}

for (const theme of ['light', 'dark']) {
  test(`every route has a title of its own and no serious axe finding, signed out and in, ${theme}`, async ({ page, request, context }) => {
    // About twenty pages with an axe run each.
    test.setTimeout(180_000);
    const { email, token } = await customer(request, `walker-${theme}`);
    const orderId = await shuttleOrder(request, token);
    const paidId = await shuttleOrder(request, token);
    await payAtOnce(request, token, paidId);
    const base = new URL(test.info().project.use.baseURL ?? '');
    await context.addCookies([{ name: 'theme', value: theme, domain: base.hostname, path: '/' }]);
    const out = await walk(page, SIGNED_OUT, theme);
    await logInTo(page, '/member', email, PASSWORD);
    const inside = await walk(page, signedIn(orderId, paidId), theme);
    const seen = new Map<string, string>();
    for (const [path, title] of [...out, ...inside]) {
      expect(title, path).toMatch(/越南旅遊預約/);
      expect(seen.get(title), `${path} has the title of ${seen.get(title)}`).toBeUndefined();
      seen.set(title, path);
    }
  });
}

test('on a 320 px phone the header is one row, signed out and in; the categories open from its menu', async ({ page, request }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const { email } = await customer(request, 'a-customer-with-a-long-address');
  const oneRow = async () => {
    const header = await page.locator('header.site-header').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(64);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  };
  await page.goto('/');
  await oneRow();
  await page.getByRole('button', { name: '服務分類' }).click();
  await page.getByRole('navigation', { name: '服務分類' }).getByRole('link', { name: '包車' }).click();
  await expect(page).toHaveURL(/\/category\/charter$/);
  await expect(page.getByRole('navigation', { name: '服務分類' })).toBeHidden();
  await logInTo(page, '/member/user-info', email, PASSWORD);
  await oneRow();
  // The preferred language is offered now that it chooses the pages' and the mails' language.
  await expect(page.getByRole('combobox', { name: '偏好語言' })).toHaveValue('zh-TW');
  // 登出 stays on one line beside the heading.
  const logout = await page.getByRole('button', { name: '登出' }).boundingBox();
  expect(logout?.height).toBeLessThanOrEqual(48);
  expect((logout?.x ?? 999) + (logout?.width ?? 0)).toBeLessThanOrEqual(320);
});

test('a drop-off asks when the flight leaves and suggests the pick-up from it', async ({ page, request }) => {
  const { email } = await customer(request, 'leaving');
  await logInTo(page, '/order/shuttle/step1?plan=shuttle-sgn-4', email, PASSWORD);
  await expect(page.getByLabel(/航班起飛時間/)).toHaveCount(0);
  await page.getByLabel('服務類型').selectOption('drop-off');
  await expect(page.getByLabel(/航班抵達時間/)).toHaveCount(0);
  await page.getByLabel('航班編號').fill('BR396');
  await page.getByLabel(/航班起飛時間/).fill(dayAfterTomorrow('13:00'));
  // Three hours before the flight, which the customer may move.
  const pickUp = page.getByLabel(/飯店上車時間（越南時間 UTC\+7）/);
  await expect(pickUp).toHaveValue(dayAfterTomorrow('10:00'));
  await expect(page.getByText('已依起飛時間建議起飛前 3 小時上車，可自行調整')).toBeVisible();
  await pickUp.fill(dayAfterTomorrow('12:00'));
  await pickUp.blur();
  await expect(page.getByText('上車時間須早於航班起飛至少 90 分鐘')).toBeVisible();
  await pickUp.fill(dayAfterTomorrow('10:30'));
  // The policy for that time, before anything is paid: free until a day before.
  const tomorrow = new Date(Date.parse(`${dayAfterTomorrow('10:30')}:00+07:00`) - 86400_000 + 7 * 3600_000).toISOString();
  const freeLine = `在 ${tomorrow.slice(5, 7)}/${tomorrow.slice(8, 10)} 10:30（越南時間）前免費取消，之後取消收取 50% 費用。`;
  // (the server counts it with the estimate, once the details can be priced)
  await page.getByLabel('飯店名稱或地址').fill('Rex Hotel');
  await expect(page.getByTestId('policy')).toHaveText(freeLine);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/step2/);
  // Sign-up named the account after its address: not a name for the driver's sign.
  await expect(page.getByLabel('聯絡人姓名')).toHaveValue('');
  await page.getByLabel('聯絡人姓名').fill('王小明');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByRole('button', { name: '下一步' }).click();
  // The order keeps both times, named as they were asked.
  await expect(page).toHaveURL(/\/order\/shuttle\/confirm$/);
  await expect(page.locator('dt', { hasText: '航班起飛時間' })).toBeVisible();
  await expect(page.locator('dt', { hasText: '飯店上車時間' })).toBeVisible();
  await expect(page.locator('dt', { hasText: '航班抵達時間' })).toHaveCount(0);
  await expect(page.getByTestId('policy')).toHaveText(freeLine);
  await page.getByRole('link', { name: /前往付款/ }).click();
  await expect(page.getByTestId('policy')).toHaveText(freeLine);
});

test('every plan card says how long cancelling stays free', async ({ page }) => {
  await page.goto('/category/charter');
  const cards = page.locator('.plan-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: '24 小時前免費取消' })).toHaveCount(await cards.count());
});

test('a plan has a page of its own: linked from its card, shareable with its preview, and 立即預訂', async ({ page, request }) => {
  await page.goto('/category/shuttle');
  await page.getByRole('link', { name: '河內 內排國際機場接送・7 人座休旅車' }).click();
  await expect(page).toHaveURL(/\/category\/shuttle\/shuttle-han-7$/);
  await expect(page).toHaveTitle('河內 內排國際機場接送・7 人座休旅車｜越南旅遊預約');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('河內 內排國際機場接送・7 人座休旅車');
  await expect(page.getByTestId('included')).toContainText('中文接機牌');
  await expect(page.getByTestId('excluded')).toContainText('司機小費');
  await expect(page.getByText('最多 7 位乘客（含兒童）、5 件大型行李')).toBeVisible();
  await expect(page.getByTestId('waiting')).toHaveText('免費等候 60 分鐘（接機自航班實際落地起算）。之後每 30 分鐘 VND 70,000，於現場付給司機。');
  await expect(page.getByText(/內排國際機場（HAN）第二航廈/)).toBeVisible();
  await expect(page.getByTestId('plan-policy')).toContainText('服務開始前 24 小時以前取消，全額退回 V 幣');
  // A shared link previews the plan before any script runs.
  const html = await (await request.get('/category/shuttle/shuttle-han-7')).text();
  expect(html).toContain('<title>河內 內排國際機場接送・7 人座休旅車｜越南旅遊預約</title>');
  expect(html).toContain('<meta property="og:title" content="河內 內排國際機場接送・7 人座休旅車｜越南旅遊預約" />');
  expect(html).toMatch(/<meta name="description" content="河內還劍湖[^"]*" \/>/);
  await page.getByRole('link', { name: '立即預訂' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/step1\?plan=shuttle-han-7$/);
  // A plan that is not there is a 404, from the server and on screen.
  const missing = await page.goto('/category/shuttle/shuttle-nowhere-4');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('.error-status')).toHaveText('404');
});

test('the footer leads to the terms, privacy and refund policies and the company; the refund policy quotes the configured windows', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('navigation', { name: '網站資訊' });
  await footer.getByRole('link', { name: '退款政策' }).click();
  await expect(page).toHaveURL(/\/refund-policy$/);
  await expect(page.getByText('服務開始前 24 小時內取消：收取已付金額的 50% 作為取消費（以千元為單位），其餘退回 V 幣錢包。')).toBeVisible();
  await page.getByRole('navigation', { name: '網站資訊' }).getByRole('link', { name: '關於我們' }).click();
  await expect(page.getByTestId('company')).toContainText('企業登記號碼');
  await expect(page.getByTestId('channels')).toBeVisible();
  // The order steps have the links too, outside the bar that follows the screen.
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await expect(page.getByRole('navigation', { name: '網站資訊' }).getByRole('link', { name: '服務條款' })).toBeVisible();
});

test('help opens beside the fields that confuse, and leaving a half-filled order asks first', async ({ page }) => {
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  const helpOf = (label: RegExp | string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) }).getByRole('button', { name: '說明' });
  await helpOf('航班編號').click();
  const help = page.getByRole('dialog', { name: '航班編號' });
  await expect(help).toContainText('印在機票');
  await help.getByRole('button', { name: '確定' }).click();
  await expect(help).toHaveCount(0);
  await page.getByLabel('服務類型').selectOption('drop-off');
  await helpOf('飯店上車時間（越南時間 UTC+7）').click();
  await expect(page.getByRole('dialog')).toContainText('起飛前 3 小時上車');
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();

  // Something typed: leaving for another page warns; staying keeps the page and its answers.
  await page.getByLabel('航班編號').fill('VN123');
  await page.locator('a.brand').click();
  const warning = page.getByRole('alertdialog', { name: '離開這筆訂單？' });
  await expect(warning).toContainText('已填的資料會保留');
  await warning.getByRole('button', { name: '繼續填寫' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/step1/);
  await expect(page.getByLabel('航班編號')).toHaveValue('VN123');
  await page.locator('a.brand').click();
  await page.getByRole('alertdialog').getByRole('button', { name: '離開' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('category pages filter in the address: shareable, kept on reload, and an empty result offers to clear', async ({ page }) => {
  await page.goto('/category/shuttle');
  await expect(page.locator('.plan-card')).toHaveCount(12);
  await page.getByLabel('機場', { exact: true }).selectOption('han');
  await expect(page).toHaveURL(/\/category\/shuttle\?city=han$/);
  await expect(page.locator('.plan-card')).toHaveCount(3);
  await expect(page.locator('.plan-card').first()).toContainText('內排');
  await page.reload();
  await expect(page.locator('.plan-card')).toHaveCount(3);
  await expect(page.getByLabel('機場', { exact: true })).toHaveValue('han');

  // Charter by city and hours; escort by language; massage by length.
  await page.goto('/category/charter?city=hcm&hours=10');
  await expect(page.locator('.plan-card')).toHaveCount(2);
  await page.goto('/category/escort?speaks=vi');
  await expect(page.locator('.plan-card')).toHaveCount(1);
  await expect(page.locator('.plan-card')).toContainText('商務口譯');
  await page.goto('/category/dragon-massage?minutes=120');
  await expect(page.locator('.plan-card')).toHaveCount(2);
  // Massage by time too: the therapists free then, for the chosen length, kept in the address.
  const day = new Date(Date.now() + (7 + 48) * 3600_000).toISOString().slice(0, 10);
  await page.goto(`/category/dragon-massage?minutes=120&at=${day}T06:00`);
  await expect(page.getByText('這個時間沒有按摩師有空，請換一個時間。')).toBeVisible();
  await page.getByLabel('想預約的時間（越南時間）').fill(`${day}T14:00`);
  await expect(page).toHaveURL(new RegExp(`at=${day}T14%3A00`));
  await expect(page.locator('.therapist-card').first()).toBeVisible();
  await expect(page.getByText('只顯示這個時間起 120 分鐘都有空的按摩師')).toBeVisible();

  // Nothing matches: it says so, and clearing brings every plan back.
  await page.goto('/category/charter?city=nha');
  await expect(page.getByTestId('no-match')).toContainText('沒有符合篩選條件的方案');
  await page.getByTestId('no-match').getByRole('button', { name: '清除篩選' }).click();
  await expect(page).toHaveURL(/\/category\/charter$/);
  await expect(page.locator('.plan-card')).toHaveCount(6);
});

test('plans are found by words, travellers and luggage, and shown by price or rating', async ({ page }) => {
  await page.goto('/category/shuttle');
  const cards = page.locator('.plan-card');
  await expect(cards).toHaveCount(12);
  // Words: the city in Chinese, the airport's code, a size; marks and case do not matter.
  await page.getByLabel('搜尋方案').fill('峴港');
  await expect(cards).toHaveCount(3);
  await page.getByLabel('搜尋方案').fill('dad 16');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('16 人座小巴');
  await expect(page).toHaveURL(/[?&]q=dad\+16/);
  // Seven travellers with six large bags: only the minibus takes them.
  await page.getByLabel('搜尋方案').fill('dad');
  await page.getByLabel('乘客人數').selectOption('7');
  await expect(cards).toHaveCount(2);
  await page.getByLabel('大型行李').selectOption('6');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('16 人座小巴');
  // The dearest first; clearing the filters keeps the order chosen.
  await page.getByLabel('排序').selectOption('price-desc');
  await page.getByRole('button', { name: '清除篩選' }).click();
  await expect(page).toHaveURL(/\/category\/shuttle\?sort=price-desc$/);
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText('16 人座小巴');
  // The prices as the cards show them, once the list is drawn in the order asked for.
  const prices = async () => (await cards.locator('.price-amount').allInnerTexts()).map((p) => Number(p.replace(/[^0-9]/g, '')));
  const sorted = (xs: number[], by: (a: number, b: number) => number) => xs.length === 12 && xs.every((x, i) => i === 0 || by(xs[i - 1] ?? 0, x) <= 0);
  await expect.poll(async () => sorted(await prices(), (a, b) => b - a)).toBe(true);
  await page.getByLabel('排序').selectOption('price');
  await expect.poll(async () => sorted(await prices(), (a, b) => a - b)).toBe(true);
  // Words that find nothing say so, and offer to clear.
  await page.getByLabel('搜尋方案').fill('河內 峴港');
  await expect(page.getByTestId('no-match')).toBeVisible();
});

test('the home page lets a traveller pick a city, and its links keep it', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('城市', { exact: true }).selectOption('dad');
  await expect(page).toHaveURL(/\/\?city=dad$/);
  const shuttle = page.locator('section.category-section', { has: page.getByRole('heading', { name: '機場接送' }) });
  await expect(shuttle.locator('.plan-card')).toHaveCount(3);
  await expect(shuttle.locator('.plan-card').first()).toContainText('峴港');
  await expect(shuttle).toContainText('3 個方案');
  await shuttle.getByRole('link', { name: /查看全部方案/ }).click();
  await expect(page).toHaveURL(/\/category\/shuttle\?city=dad$/);
  await expect(page.locator('.plan-card')).toHaveCount(3);
});

test('a paid order is a voucher to show the driver, and a calendar event to keep', async ({ page, request }) => {
  const { email, token } = await customer(request, 'voucher');
  const orderId = await shuttleOrder(request, token);
  await payAtOnce(request, token, orderId);
  await logInTo(page, `/member/order?id=${orderId}`, email, PASSWORD);
  await page.getByRole('button', { name: '出示憑證' }).click();
  const voucher = page.getByTestId('voucher');
  await expect(voucher.locator('.voucher-number')).toHaveText(orderId);
  await expect(voucher.getByRole('img', { name: `訂單編號 ${orderId} 的 QR Code` })).toBeVisible();
  await expect(voucher).toContainText('Rex Hotel');
  await expect(voucher).toContainText('VN123');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '加入行事曆（.ics）' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${orderId}.ics`);
  const ics = (await (await import('node:fs/promises')).readFile((await file.path()) ?? '', 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VEVENT');
  // 10:00 in Vietnam is 03:00 UTC.
  expect(ics).toContain(`DTSTART:${dayAfterTomorrow().slice(0, 10).replace(/-/g, '')}T030000Z`);
  expect(ics).toContain('SUMMARY:胡志明市 新山一國際機場接送・4 人座轎車');
  expect(ics).toContain('LOCATION:Rex Hotel');
});

test('a voucher opened once stays readable with no connection, and is forgotten at sign-out', async ({ page, request, context }) => {
  const { email, token } = await customer(request, 'offline');
  const orderId = await shuttleOrder(request, token);
  await payAtOnce(request, token, orderId);
  const kept = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('offline:')));
  // Opened, then signed out: nothing of it stays on the device.
  await logInTo(page, `/member/order?id=${orderId}`, email, PASSWORD);
  await expect.poll(kept).toHaveLength(1);
  await page.goto('/member/user-info');
  await page.getByRole('button', { name: '登出' }).click();
  await expect(page.getByText('您已登出。')).toBeVisible();
  expect(await kept()).toEqual([]);

  // Opened again: the service worker takes the page and its files, and with no connection the
  // voucher is still there.
  await logInTo(page, `/member/order?id=${orderId}`, email, PASSWORD);
  await expect(page.getByRole('button', { name: '出示憑證' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const keys = await caches.keys();
        const cache = keys[0] ? await caches.open(keys[0]) : undefined;
        return Boolean(navigator.serviceWorker.controller && (await cache?.match('/member/order')));
      }),
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('目前沒有網路連線')).toBeVisible();
  await expect(page.getByTestId('voucher').locator('.voucher-number')).toHaveText(orderId);
  await context.setOffline(false);
});
