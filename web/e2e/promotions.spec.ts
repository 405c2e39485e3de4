import { expect, test, type Page } from '@playwright/test';
import { logInTo } from './sign-in';
import { booking } from './server-cli';

// Promo codes, as an admin makes one in the console and a customer uses it at the confirm step,
// against the real server in Chromium.
const STAFF_PASSWORD = 'a-long-operator-pass';
const ADMIN = `promo-admin-${Date.now()}-${process.pid}@ops.example`;
const CUSTOMER = `promo-${Date.now()}-${process.pid}@example.com`;
const PASSWORD = 'secret-123';
// Each worker has codes of its own.
const CODE = `SPRING${process.pid}`;

test.describe.configure({ mode: 'serial' });

let made = false;
test.beforeAll(async ({ request }) => {
  if (made) return;
  booking(['admin', 'create-operator', '--email', ADMIN], `${STAFF_PASSWORD}\n`);
  const r = await request.post('/api/auth/sign-up', { data: { email: CUSTOMER, password: PASSWORD } });
  expect(r.status()).toBe(200);
  made = true;
});

/** A Vietnam date `days` from today there, at `hour`, as `datetime-local` text. */
function vietnamDay(days: number, hour = '10:00'): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000);
  return `${vn.toISOString().slice(0, 10)}T${hour}`;
}

async function bookShuttle(page: Page): Promise<void> {
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await page.getByLabel('航班編號').fill('VN123');
  await page.getByLabel(/航班抵達時間/).fill(vietnamDay(2));
  await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
  await page.getByLabel('乘客人數').fill('2');
  await page.getByLabel('大型行李件數').fill('2');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('聯絡人姓名').fill('王小明');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/confirm$/);
}

test('an admin makes a code in the console; a customer applies it at confirm, pays the rest, and the console shows its use and cost', async ({ browser, page }) => {
  // The admin: 20% off shuttles, at most VND 50,000, twice in all, once a customer.
  const console = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInTo(console, '/ops/promotions', ADMIN, STAFF_PASSWORD);
  const form = console.getByTestId('promo-form');
  await form.getByLabel(/^優惠碼（/).fill(CODE.toLowerCase());
  await form.getByLabel('折扣百分比').fill('20');
  await form.getByLabel(/^最高折抵/).fill('50000');
  await form.getByLabel('機場接送').check();
  await form.getByLabel('開始時間').fill(vietnamDay(-1, '00:00'));
  await form.getByLabel('結束時間').fill(vietnamDay(30, '00:00'));
  await form.getByLabel(/^總使用次數/).fill('2');
  await form.getByRole('button', { name: '新增優惠碼' }).click();
  const row = console.locator(`[data-code="${CODE}"]`);
  await expect(row).toContainText('折抵 20%，最多 VND 50,000');
  await expect(row.getByTestId('uses')).toHaveText('已使用 0／2 次，每位顧客 1 次');
  await console.screenshot({ path: test.info().outputPath('console-promotions.png'), fullPage: true });

  // The customer, on a phone: a code that is none is refused in words; the admin's is a line of
  // its own, and the way to payment says the total left.
  await page.setViewportSize({ width: 390, height: 844 });
  await logInTo(page, '/member/v-coin', CUSTOMER, PASSWORD);
  await page.getByRole('button', { name: 'VND 1,000,000' }).click();
  await page.getByLabel('測試付款（開發環境）').check();
  await page.getByRole('button', { name: '儲值', exact: true }).click();
  await expect(page.getByTestId('balance')).toHaveText('VND 1,000,000');
  await bookShuttle(page);
  await page.getByLabel('優惠碼').fill('NOPE123');
  await page.getByRole('button', { name: '套用' }).click();
  await expect(page.getByRole('alert')).toHaveText('優惠碼 NOPE123 無效');
  await page.getByLabel('優惠碼').fill(CODE.toLowerCase());
  await page.getByRole('button', { name: '套用' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText(`優惠碼 ${CODE}`);
  // 380,000 for the car: 20% is 76,000, capped at 50,000.
  await expect(page.locator('.breakdown')).toContainText('-VND 50,000');
  await expect(page.getByTestId('total')).toHaveText('VND 330,000');
  await page.screenshot({ path: test.info().outputPath('confirm-with-code.png'), fullPage: true });
  await page.getByRole('link', { name: /前往付款/ }).click();
  await page.getByRole('button', { name: '確認付款（VND 330,000）' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('已付款');
  await page.goto('/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText('VND 670,000');

  // The console, live: one use of two, VND 50,000 given away.
  await console.reload();
  await expect(row.getByTestId('uses')).toHaveText('已使用 1／2 次，每位顧客 1 次');
  await expect(row.getByTestId('cost')).toHaveText('VND 50,000');

  // Used once by this customer, the code is theirs no more: a second order is told so.
  await bookShuttle(page);
  await page.getByLabel('優惠碼').fill(CODE);
  await page.getByRole('button', { name: '套用' }).click();
  await expect(page.getByRole('alert')).toHaveText(`您已使用過優惠碼 ${CODE}`);

  // Switched off in the console, it is unknown to the next customer.
  await row.getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');
});
