import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logInTo } from './sign-in';
import { booking } from './server-cli';

// The business's numbers in the console, against the real server in Chromium: after a real sale,
// an admin opens today's report, the chart draws what the table lists and the totals say, and
// the CSV downloaded says the same; an operator cannot reach it.
const STAFF_PASSWORD = 'a-long-operator-pass';
const ADMIN = `books-${Date.now()}-${process.pid}@ops.example`;
const OPERATOR = `desk-${Date.now()}-${process.pid}@ops.example`;
const PASSWORD = 'secret-123';

test.describe.configure({ mode: 'serial' });

let made = false;
test.beforeAll(() => {
  if (made) return;
  booking(['admin', 'create-operator', '--email', ADMIN], `${STAFF_PASSWORD}\n`);
  booking(['admin', 'create-operator', '--email', OPERATOR, '--role', 'operator'], `${STAFF_PASSWORD}\n`);
  made = true;
});

/** Today in Vietnam, `YYYY-MM-DD`. */
function today(): string {
  return new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
}

/** The đồng an amount on the page stands for (`VND 1,250,000` → 1250000). */
function dong(text: string): number {
  const n = Number(text.replace(/[^\d]/g, ''));
  return text.includes('-') ? -n : n;
}

/** The figures as the page shows them: the sales total, the table's sum, the chart's sum. */
async function onPage(page: Page) {
  const chart = page.getByTestId('chart-over-time');
  await expect(chart).toHaveAttribute('data-drawn', /\d/);
  const drawn = Number(((await chart.getAttribute('data-drawn')) ?? '').split(',')[0]);
  const total = dong(await page.locator('[data-total="sales"] dd').innerText());
  const cells = await page.getByTestId('report-over-time').locator('tbody tr td:nth-child(2)').allInnerTexts();
  return { drawn, total, table: cells.reduce((sum, c) => sum + dong(c), 0) };
}

/** The summary CSV the page downloads: its rows, and the total of sales it states. */
async function downloaded(page: Page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下載報表 CSV' }).click()]);
  const text = readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF項目,名稱,明細,金額（越南盾）,筆數')).toBe(true);
  const rows = text
    .slice(1)
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(','));
  const sales = rows.find((r) => r[0] === '合計' && r[1] === '營收');
  expect(sales, text).toBeTruthy();
  const overTime = rows.filter((r) => r[0] === '營收趨勢' && r[2] === '營收').reduce((sum, r) => sum + Number(r[3]), 0);
  return { name: file.suggestedFilename(), total: Number(sales?.[3]), overTime };
}

test('an admin reads a day of sales as a chart, a table and a CSV that agree; an operator cannot', async ({ browser, request }) => {
  // A sale of today: a customer pays a shuttle with v-coin.
  const email = `books-customer-${Date.now()}-${process.pid}@example.com`;
  const signUp = await request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(signUp.status()).toBe(200);
  const token = (await signUp.json()).data.idToken as string;
  const call = async (path: string, data: object) => {
    const r = await request.post(path, { headers: { 'authorization-firebase': token, 'idempotency-key': `${path}-${Math.random()}` }, data });
    expect(r.status(), `${path}: ${await r.text()}`).toBeLessThan(300);
    return (await r.json()).data;
  };
  await call('/api/v-coin/top-up', { amountVnd: 1_000_000, method: 'DEV' });
  const start = `${new Date(Date.now() + 7 * 3600_000 + 3 * 86_400_000).toISOString().slice(0, 10)}T10:00`;
  const order = await call('/api/plan/shuttle/shuttle-sgn-4/order', {
    details: { direction: 'pick-up', flightNumber: 'VN123', start, address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 },
    contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
  });
  await call(`/api/plan/shuttle/order/${order.id}/payment`, { method: 'VCOIN' });

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const day = today();
  await logInTo(page, `/ops/reports?from=${day}&until=${day}&grain=day`, ADMIN, STAFF_PASSWORD);
  await expect(page.getByRole('link', { name: '營運報表' })).toBeVisible();
  await expect(page.getByTestId('report-balanced')).toHaveText('錢包餘額與帳本相符');
  // Other tests sell at the same time: the page and the file are read again until both were
  // read between the same two sales.
  let agreed = false;
  for (let tries = 0; tries < 5 && !agreed; tries += 1) {
    if (tries > 0) await page.reload();
    const shown = await onPage(page);
    expect(shown.total).toBeGreaterThanOrEqual(Number(order.estimate.totalVnd));
    expect(shown.drawn).toBe(shown.total);
    expect(shown.table).toBe(shown.total);
    const file = await downloaded(page);
    expect(file.name).toBe(`report-${day}_${day}.csv`);
    expect(file.overTime).toBe(file.total);
    agreed = file.total === shown.total;
  }
  expect(agreed).toBe(true);
  await expect(page.getByTestId('report-categories')).toContainText('機場接送');
  await expect(page.getByTestId('report-methods')).toContainText('V 幣');
  await page.screenshot({ path: test.info().outputPath('reports-desktop.png'), fullPage: true });

  // The period is in the address: "last month" moves it there.
  await page.getByRole('button', { name: '上月' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&until=\d{4}-\d{2}-\d{2}&grain=day/);

  // On a phone, chart above table.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ops/reports?from=${day}&until=${day}&grain=day`);
  await expect(page.getByTestId('chart-over-time')).toHaveAttribute('data-drawn', /\d/);
  await page.screenshot({ path: test.info().outputPath('reports-phone.png'), fullPage: true });

  // An operator is not offered it, and is told so if they come anyway.
  const desk = await (await browser.newContext()).newPage();
  await logInTo(desk, '/ops/reports', OPERATOR, STAFF_PASSWORD);
  await expect(desk.getByText('這個頁面只限管理員')).toBeVisible();
  await expect(desk.getByRole('link', { name: '營運報表' })).toHaveCount(0);
});
