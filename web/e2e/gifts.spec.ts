import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { logInTo } from './sign-in';
import { booking } from './server-cli';

// Gift codes, as an admin issues a batch in the console and hands its CSV out, and a customer
// redeems a code into the wallet, against the real server in Chromium.
const STAFF_PASSWORD = 'a-long-operator-pass';
const ADMIN = `gift-admin-${Date.now()}-${process.pid}@ops.example`;
const CUSTOMER = `gift-${Date.now()}-${process.pid}@example.com`;
const PASSWORD = 'secret-123';
// Each worker has a batch of its own.
const BATCH = `春節 ${process.pid}`;

test.describe.configure({ mode: 'serial' });

let made = false;
test.beforeAll(async ({ request }) => {
  if (made) return;
  booking(['admin', 'create-operator', '--email', ADMIN], `${STAFF_PASSWORD}\n`);
  const r = await request.post('/api/auth/sign-up', { data: { email: CUSTOMER, password: PASSWORD } });
  expect(r.status()).toBe(200);
  made = true;
});

test('an admin issues a batch and downloads its CSV; a customer redeems a code once, and its credit shows when it expires', async ({ browser, page }) => {
  const console = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInTo(console, '/ops/gifts', ADMIN, STAFF_PASSWORD);
  const form = console.getByTestId('gift-form');
  await form.getByLabel(/^批次名稱/).fill(BATCH);
  await form.getByLabel(/^張數/).fill('3');
  await form.getByLabel(/^每張面額/).fill('150000');
  await form.getByLabel(/^額度效期/).fill('30');
  await form.getByRole('button', { name: '發行一批禮物卡' }).click();
  await expect(console.getByRole('status').filter({ hasText: `已在 ${BATCH} 發行 3 張禮物卡` })).toBeVisible();
  const row = console.locator(`[data-batch="${BATCH}"]`);
  await expect(row).toContainText('VND 150,000');
  await expect(row).toContainText('30 天');
  await expect(row.getByTestId('redeemed')).toHaveText('0');
  const [download] = await Promise.all([console.waitForEvent('download'), row.getByRole('button', { name: 'CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF序號,面額（越南盾）')).toBe(true);
  const codes = csv.trim().split(/\r?\n/).slice(1).map((line) => line.split(',')[0]);
  expect(codes).toHaveLength(3);
  await console.screenshot({ path: test.info().outputPath('console-gifts.png'), fullPage: true });

  // The customer, on a phone, types the first code as people do: small letters, spaces.
  await page.setViewportSize({ width: 390, height: 844 });
  await logInTo(page, '/member/v-coin', CUSTOMER, PASSWORD);
  const typed = codes[0].toLowerCase().replaceAll('-', ' ');
  await page.getByLabel('禮物卡序號').fill(typed);
  await page.getByRole('button', { name: '兌換', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '已存入 VND 150,000 到您的錢包，請於' })).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('VND 150,000');
  await expect(page.getByTestId('expiring')).toContainText('其中 VND 150,000 將於');
  await expect(page.getByTestId('ledger')).toContainText('禮物卡');
  await page.screenshot({ path: test.info().outputPath('wallet-gift.png'), fullPage: true });

  // Again: refused in words, nothing more credited.
  await page.getByLabel('禮物卡序號').fill(codes[0]);
  await page.getByRole('button', { name: '兌換', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(`您已兌換過禮物卡 ${codes[0]}`);
  await expect(page.getByTestId('balance')).toHaveText('VND 150,000');

  await console.reload();
  await expect(console.locator(`[data-batch="${BATCH}"]`).getByTestId('redeemed')).toHaveText('1');
});
