import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { logInTo } from './sign-in';
import { booking, dataDir } from './server-cli';

// A dispatcher's day in the operators' console, against the real server: the customer's side is
// driven through the real API while the console is open in Chromium.

const STAFF_PASSWORD = 'a-long-operator-pass';
// Each worker loads this file and makes its own staff: the process id keeps their addresses apart.
const ADMIN = `lan-${Date.now()}-${process.pid}@ops.example`;
const OPERATOR = `minh-${Date.now()}-${process.pid}@ops.example`;
const PASSWORD = 'secret-123';

/**
 * Moves an order's service an hour into the past, as if its time had come: orders are booked
 * ahead, and completing one waits for its service. Python's sqlite3 writes the test database.
 */
function serveOrder(id: string): void {
  const script = [
    'import json, sqlite3, sys',
    'from datetime import datetime, timedelta, timezone',
    'db = sqlite3.connect(sys.argv[1], timeout=10)',
    'past = datetime.now(timezone.utc) - timedelta(hours=1)',
    "row = db.execute('select details from orders where id = ?', (sys.argv[2],)).fetchone()",
    'details = json.loads(row[0])',
    "details['start'] = (past + timedelta(hours=7)).strftime('%Y-%m-%dT%H:%M')",
    "db.execute('update orders set details = ?, start_at_ms = ? where id = ?', (json.dumps(details, ensure_ascii=False), int(past.timestamp() * 1000), sys.argv[2]))",
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, join(dataDir(), 'e2e.db'), id]);
}

test.describe.configure({ mode: 'serial' });

// With every test its own unit of work, a worker may come back to this file after others and run
// `beforeAll` again with the module (and these addresses) already loaded: the staff are made once.
let staffMade = false;
test.beforeAll(() => {
  if (staffMade) return;
  booking(['admin', 'create-operator', '--email', ADMIN], `${STAFF_PASSWORD}\n`);
  booking(['admin', 'create-operator', '--email', OPERATOR, '--role', 'operator'], `${STAFF_PASSWORD}\n`);
  staffMade = true;
});

interface Customer {
  email: string;
  token: string;
}

async function customer(request: APIRequestContext, tag: string): Promise<Customer> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const r = await request.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
  expect(r.status()).toBe(200);
  return { email, token: (await r.json()).data.idToken };
}

async function call(request: APIRequestContext, who: Customer, path: string, data: object, key = `${Math.random()}`) {
  const r = await request.post(path, { headers: { 'authorization-firebase': who.token, 'idempotency-key': key }, data });
  expect(r.status(), `${path}: ${await r.text()}`).toBeLessThan(300);
  return (await r.json()).data;
}

async function get(request: APIRequestContext, who: Customer, path: string) {
  const r = await request.get(path, { headers: { 'authorization-firebase': who.token } });
  expect(r.status(), path).toBe(200);
  return (await r.json()).data;
}

/** 10:00 Vietnam time, `days` from today there: daytime, so no night surcharge moves the price. */
function daysAheadAt10(days: number): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000);
  return `${vn.toISOString().slice(0, 10)}T10:00`;
}

/** A shuttle `days` ahead at 10:00 for 380,000 VND, paid with v-coin: the order's id. */
async function paidShuttle(request: APIRequestContext, who: Customer, days: number): Promise<string> {
  await call(request, who, '/api/v-coin/top-up', { amountVnd: 1_000_000, method: 'DEV' });
  const order = await call(request, who, '/api/plan/shuttle/shuttle-sgn-4/order', {
    details: { direction: 'pick-up', flightNumber: 'VN123', start: daysAheadAt10(days), address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 },
    contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
  });
  await call(request, who, `/api/plan/shuttle/order/${order.id}/payment`, { method: 'VCOIN' });
  return order.id;
}

async function staffPage(browser: Browser, email: string, next = '/ops'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInTo(page, next, email, STAFF_PASSWORD);
  await expect(page.getByTestId('live-state')).toHaveText('即時更新中');
  return page;
}

/** The mails queued to `email` so far, as the dev mailbox keeps them. */
function mailsTo(email: string): string[] {
  const dir = join(dataDir(), 'mailbox');
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((text) => text.includes(email));
}

test('a paid order reaches the board without a reload; a driver assigned reaches the customer', async ({ browser, request }) => {
  const board = await staffPage(browser, OPERATOR);
  const ann = await customer(request, 'ann');
  const id = await paidShuttle(request, ann, 1);
  // No reload: the live stream brings it.
  const line = board.getByTestId('board-unassigned').locator(`[data-order="${id}"]`);
  await expect(line).toBeVisible({ timeout: 10_000 });
  await expect(board.getByTestId('board-paid').locator(`[data-order="${id}"]`)).toBeVisible();
  await line.getByRole('link').click();
  await expect(board.getByTestId('order-id')).toHaveText(id);
  await expect(board.getByTestId('payments')).toContainText('V 幣・VND 380,000・成功');

  const form = board.getByTestId('driver-form');
  await form.getByLabel('司機姓名').fill('阮文明');
  // Vietnam's code unless another is typed; the number as it is written locally.
  await expect(form.getByLabel('國碼')).toHaveValue('84');
  await form.getByLabel('司機電話').fill('0901234567');
  await form.getByLabel('車牌').fill('51A-12345');
  await form.getByRole('button', { name: '指派司機' }).click();
  await expect(board.getByRole('dialog')).toContainText('+84 0901234567');
  await board.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(board.getByTestId('assigned')).toContainText('阮文明・+84 901234567');
  await expect(board.getByTestId('typed-driver')).toHaveText('手動輸入：無夥伴帳號');
  await expect(board.getByTestId('order-audit')).toContainText('order.assign_driver');

  const seen = await get(request, ann, `/api/order/detail/${id}`);
  expect(seen.state).toBe('CONFIRMED');
  expect(JSON.stringify(seen)).toContain('阮文明');
  await expect.poll(() => mailsTo(ann.email).some((m) => m.includes('阮文明')), { timeout: 10_000 }).toBe(true);
  // Back on the board, it is assigned now.
  await board.getByRole('link', { name: '今日看板' }).click();
  await expect(board.getByTestId('board-unassigned').locator(`[data-order="${id}"]`)).toHaveCount(0);
});

test('a support question is answered from the inbox, and the customer sees it at once', async ({ browser, request }) => {
  const inbox = await staffPage(browser, OPERATOR, '/ops/support');
  const bob = await customer(request, 'bob');
  const id = await paidShuttle(request, bob, 3);
  const mine = await (await browser.newContext()).newPage();
  await logInTo(mine, `/member/customer-service?order=${id}`, bob.email, PASSWORD);
  await mine.getByLabel('訊息內容').fill('請問司機會舉牌嗎？');
  await mine.getByRole('button', { name: '開啟對話' }).click();
  await expect(mine.getByTestId('messages')).toContainText('請問司機會舉牌嗎？');

  const row = inbox.getByTestId('inbox').getByRole('button', { name: /請問司機會舉牌嗎/ });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await row.click();
  await expect(inbox.getByTestId('thread-messages')).toContainText('請問司機會舉牌嗎？');
  await inbox.getByLabel('回覆').fill('會的，司機會在出口舉牌等您。');
  await inbox.getByRole('button', { name: '送出回覆' }).click();
  await expect(inbox.getByTestId('thread-messages')).toContainText('司機會在出口舉牌');
  // The customer's open thread shows the reply without a reload (well inside the old 20 s poll).
  await expect(mine.getByTestId('messages')).toContainText('司機會在出口舉牌', { timeout: 5_000 });

  // Closed from the inbox: the customer is told at once; writing again reopens it.
  await inbox.getByRole('button', { name: '結案' }).click();
  await expect(inbox.getByText(/已於 .* 結案/)).toBeVisible();
  await expect(mine.getByTestId('closed')).toBeVisible({ timeout: 5_000 });
  await mine.getByRole('textbox', { name: '回覆' }).fill('還想問行李的事');
  await mine.getByRole('button', { name: '送出' }).click();
  await expect(mine.getByTestId('closed')).toHaveCount(0);
  await expect(inbox.getByRole('button', { name: '結案' })).toBeVisible({ timeout: 5_000 });
  await inbox.getByRole('tab', { name: '已結案' }).click();
  await expect(inbox.getByTestId('inbox').getByRole('button', { name: /行李/ })).toHaveCount(0);
});

test('a refund from the console shows in the customer’s v-coin', async ({ browser, request }) => {
  const cara = await customer(request, 'cara');
  const id = await paidShuttle(request, cara, 4);
  const before = (await get(request, cara, '/api/v-coin')).balanceVnd;
  const page = await staffPage(browser, ADMIN, `/ops/orders/${id}`);
  const form = page.getByTestId('cancel-form');
  await form.getByLabel('取消原因（客人看得到）').fill('客人改期');
  await form.getByRole('button', { name: '取消訂單' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('cancel-terms')).toContainText('退回 VND 380,000');
  await dialog.getByRole('button', { name: '確定' }).click();
  await expect(page.locator('.console-order-head')).toContainText('已退款');
  const after = (await get(request, cara, '/api/v-coin')).balanceVnd;
  expect(after - before).toBe(380_000);
});

test('two operators assigning one order at once: one wins, the other is told', async ({ browser, request }) => {
  const dan = await customer(request, 'dan');
  const id = await paidShuttle(request, dan, 2);
  const [a, b] = await Promise.all([staffPage(browser, ADMIN, `/ops/orders/${id}`), staffPage(browser, OPERATOR, `/ops/orders/${id}`)]);
  for (const [page, name] of [
    [a, '阮文明'],
    [b, '黎文勇'],
  ] as const) {
    const form = page.getByTestId('driver-form');
    await form.getByLabel('司機姓名').fill(name);
    await form.getByLabel('司機電話').fill('0901234567');
    await form.getByLabel('車牌').fill('51A-12345');
    await form.getByRole('button', { name: '指派司機' }).click();
  }
  // Both confirm at the same moment.
  await Promise.all([a, b].map((page) => page.getByRole('dialog').getByRole('button', { name: '確定' }).click()));
  const told = (page: Page) => page.getByText('這筆訂單剛被其他人更新');
  await expect.poll(async () => (await told(a).count()) + (await told(b).count()), { timeout: 10_000 }).toBe(1);
  const order = await get(request, dan, `/api/order/detail/${id}`);
  const winner = JSON.stringify(order).includes('阮文明') ? a : b;
  const loser = winner === a ? b : a;
  // The one who lost sees the winner's driver without reloading.
  await expect(loser.getByTestId('assigned')).toContainText(winner === a ? '阮文明' : '黎文勇');
});

test('a completed order is reviewed from its page; the plan shows it; an operator hides it and the customer is told', async ({ browser, request }) => {
  const gia = await customer(request, 'gia');
  const id = await paidShuttle(request, gia, 2);
  const ops = await staffPage(browser, OPERATOR, `/ops/orders/${id}`);
  await ops.getByRole('button', { name: '確認訂單' }).click();
  await ops.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  // Two days ahead: completing waits for the service, and the console says when (the server
  // would refuse it with the same time).
  await expect(ops.getByRole('button', { name: '標記為已完成' })).toBeDisabled();
  await expect(ops.getByTestId('complete-when')).toContainText('服務開始後才能標記為已完成');
  serveOrder(id);
  await ops.reload();
  for (const [button, ask] of [['標記為已完成', '這筆服務已經完成了嗎？']]) {
    await ops.getByRole('button', { name: button }).click();
    await expect(ops.getByRole('dialog')).toContainText(ask);
    await ops.getByRole('dialog').getByRole('button', { name: '確定' }).click();
    await expect(ops.getByRole('dialog')).toHaveCount(0);
  }
  await expect(ops.locator('.console-order-head')).toContainText('已完成');

  // The traveller, on a phone: the order page asks for stars, refuses none, takes four.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logInTo(phone, `/member/order?id=${id}`, gia.email, PASSWORD);
  const form = phone.getByTestId('order-review');
  await expect(form.getByRole('heading')).toHaveText('評價這次服務');
  await form.getByRole('button', { name: '送出評價' }).click();
  await expect(form.getByRole('alert')).toHaveText('請給 1 到 5 顆星');
  await form.getByLabel('4 顆星').check({ force: true });
  await form.getByLabel('心得（選填）').fill('司機提早到，舉牌很好找。');
  await form.getByRole('button', { name: '送出評價' }).click();
  await expect(form.getByRole('status')).toHaveText('謝謝您的評價！');
  await expect(form.getByRole('heading')).toHaveText('您的評價');
  await expect(form).toContainText('可修改至');
  await phone.screenshot({ path: 'test-results/review-form.png', fullPage: true });

  // The plan page and its card count it; the page lists it under the traveller's initial.
  await phone.goto('/category/shuttle/shuttle-sgn-4');
  await expect(phone.getByTestId('rating').first()).toContainText('則評價');
  // The list loads as it nears the screen.
  await expect(phone.getByTestId('reviews')).toHaveCount(0);
  await phone.locator('#reviews').scrollIntoViewIfNeeded();
  const reviews = phone.getByTestId('reviews');
  await expect(reviews).toContainText('司機提早到，舉牌很好找。');
  await expect(reviews).toContainText('陳**');
  await phone.screenshot({ path: 'test-results/plan-reviews.png' });
  await phone.goto('/category/shuttle');
  await expect(phone.locator('.plan-card', { hasText: '新山一國際機場接送・4 人座轎車' }).first().getByTestId('rating')).toBeVisible();

  // An operator hides it with a reason; it leaves the page, and the customer reads why.
  await ops.goto('/ops/reviews');
  const row = ops.getByTestId('reviews-table').locator(`[data-order="${id}"]`);
  await row.getByRole('button', { name: '隱藏' }).click();
  await row.getByLabel('隱藏原因（會寄給顧客）').fill('內容含有司機的私人電話');
  await row.getByRole('button', { name: '確定隱藏' }).click();
  await expect(row).toContainText('已隱藏：內容含有司機的私人電話');
  await phone.goto('/category/shuttle/shuttle-sgn-4');
  await phone.locator('#reviews').scrollIntoViewIfNeeded();
  await expect(phone.locator('#reviews')).toContainText('還沒有評價');
  await expect(phone.locator('#reviews')).not.toContainText('司機提早到');
  await phone.goto(`/member/order?id=${id}`);
  await expect(phone.getByTestId('order-review')).toContainText('這則評價已被隱藏，其他旅客看不到。原因：內容含有司機的私人電話');
  await expect(phone.getByTestId('order-review').getByRole('button')).toHaveCount(0);
  await expect.poll(() => mailsTo(gia.email).some((m) => m.includes('您的評價已被隱藏')), { timeout: 10_000 }).toBe(true);
});

test('a customer gets no access to the console', async ({ page, request }) => {
  const eve = await customer(request, 'eve');
  await logInTo(page, '/ops', eve.email, PASSWORD);
  await expect(page.getByTestId('no-access')).toContainText('沒有權限');
});

test('every console screen has no serious accessibility violation, on a phone and a desktop, light and dark', async ({ browser, request }) => {
  // Thirty pages with an axe run each: more than one test's usual 30 s on a busy machine.
  test.setTimeout(270_000);
  const fay = await customer(request, 'fay');
  const id = await paidShuttle(request, fay, 2);
  for (const [viewport, theme] of [
    [{ width: 390, height: 844 }, 'light'],
    [{ width: 1366, height: 900 }, 'light'],
    [{ width: 1366, height: 900 }, 'dark'],
  ] as const) {
    const page = await staffPage(browser, ADMIN);
    await page.setViewportSize(viewport);
    const host = new URL(test.info().project.use.baseURL ?? '').hostname;
    await page.context().addCookies([{ name: 'theme', value: theme, domain: host, path: '/' }]);
    for (const path of ['/ops', '/ops/orders?sort=service', `/ops/orders/${id}`, '/ops/support?view=all', '/ops/customers', '/ops/audit?action=order.', '/ops/reviews', '/ops/invoices', '/ops/staff', '/ops/catalog', '/ops/partners', '/ops/backups']) {
      await page.goto(path);
      await expect(page.getByTestId('live-state')).toHaveText('即時更新中');
      await expect(page.locator('.console-main h1')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByText('載入中…')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const found = serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.html} ${n.failureSummary ?? ''}`).join(', ')}`);
      expect(found, `${path} at ${viewport.width} px, ${theme}`).toEqual([]);
    }
  }
});

test('an admin sees the last backup and takes one now; the shell lists it; an operator has no such screen', async ({ browser }) => {
  const page = await staffPage(browser, ADMIN, '/ops/backups');
  const last = page.getByTestId('backups-last');
  await expect(last).toBeVisible();
  const before = await page.getByTestId('backups-table').locator('tbody tr').count();
  await page.getByRole('button', { name: '立即備份' }).click();
  await expect(page.getByText('備份完成')).toBeVisible();
  await expect(page.getByTestId('backups-table').locator('tbody tr')).toHaveCount(before + 1);
  await expect(last).toContainText(/最近一次備份：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（[\d.]+ (kB|MB)）/);
  const newest = (await page.getByTestId('backups-table').locator('tbody tr').first().locator('code').textContent()) ?? '';
  expect(newest).toMatch(/^booking-\d{8}T\d{6}Z\.sqlite3$/);
  await page.screenshot({ path: 'test-results/screens/console-backups.png', fullPage: true });
  // The shell sees the same backups, newest first.
  expect(booking(['backup', 'list']).split('\n')[0]).toContain(newest);
  const ops = await staffPage(browser, OPERATOR, '/ops/backups');
  await expect(ops.getByRole('link', { name: '資料備份' })).toHaveCount(0);
  await expect(ops.getByText('這個頁面只限管理員')).toBeVisible();
});

test('an admin adjusts a wallet, refused below zero; an operator is not offered it', async ({ browser, request }) => {
  const gus = await customer(request, 'gus');
  await paidShuttle(request, gus, 3);
  const find = async (page: Page) => {
    await page.getByLabel('信箱或電話').fill(gus.email);
    await page.getByRole('button', { name: '搜尋' }).click();
    await page.getByTestId('customers-table').getByRole('link', { name: gus.email }).click();
    await expect(page.getByTestId('balance')).toHaveText('VND 620,000');
  };
  const operator = await staffPage(browser, OPERATOR, '/ops/customers');
  await find(operator);
  await expect(operator.getByTestId('adjust-form')).toHaveCount(0);

  const admin = await staffPage(browser, ADMIN, '/ops/customers');
  await find(admin);
  const form = admin.getByTestId('adjust-form');
  await form.getByLabel('金額（VND，負數為扣除）').fill('-700000');
  await form.getByLabel('原因（會記在客人的明細上）').fill('測試扣除');
  await form.getByRole('button', { name: '調整 V 幣（管理員）' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(form.locator('.form-error')).toBeVisible();
  await form.getByLabel('金額（VND，負數為扣除）').fill('50000');
  await form.getByLabel('原因（會記在客人的明細上）').fill('延誤補償');
  await form.getByRole('button', { name: '調整 V 幣（管理員）' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(admin.getByTestId('balance')).toHaveText('VND 670,000');
  await expect(admin.getByTestId('ledger')).toContainText('延誤補償');
  expect((await get(request, gus, '/api/v-coin')).balanceVnd).toBe(670_000);
});

test('an admin invites an operator, who sets a password from the mail and sees no admin screens; a key is shown once', async ({
  browser,
}) => {
  const admin = await staffPage(browser, ADMIN, '/ops/staff');
  const email = `hoa-${Date.now()}@ops.example`;
  const invite = admin.getByTestId('invite-form');
  await invite.getByLabel('信箱').fill(email);
  await invite.getByLabel('名稱（顧客在回覆與訂單紀錄看到的）').fill('陳花 Hoa');
  await invite.getByRole('button', { name: '邀請新人員' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  const invited = admin.getByTestId('staff').locator(`[data-email="${email}"]`);
  await expect(invited).toContainText('尚未設定密碼');
  await expect(invited.locator('strong')).toHaveText('陳花 Hoa');

  const issue = admin.getByTestId('issue-form');
  await issue.getByLabel('金鑰名稱（用途）').fill('dispatch-app');
  await issue.getByRole('button', { name: '建立金鑰' }).click();
  await expect(admin.getByTestId('secret')).toContainText('bks_');
  await expect(admin.getByTestId('keys')).toContainText('dispatch-app');

  // The invited operator: the mailed link, a password, the console without the admins' screens.
  const hoa = await (await browser.newContext()).newPage();
  const row = hoa.locator('tr', { hasText: email }).filter({ hasText: '您受邀加入營運後台' }).first();
  await expect(async () => {
    await hoa.goto('/dev/mailbox');
    await expect(row).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await row.getByRole('link').click();
  await hoa.locator('a.mail-link').click();
  await hoa.getByLabel('新密碼').fill(STAFF_PASSWORD);
  await hoa.getByRole('button', { name: '設定新密碼' }).click();
  await expect(hoa.getByText('密碼已重設')).toBeVisible();
  await logInTo(hoa, '/ops', email, STAFF_PASSWORD);
  await expect(hoa.getByTestId('live-state')).toHaveText('即時更新中');
  await expect(hoa.getByRole('link', { name: '人員與金鑰' })).toHaveCount(0);
  await hoa.goto('/ops/staff');
  await expect(hoa.getByText('這個頁面只限管理員')).toBeVisible();

  // Her sign-in address is changed by an admin, and she signs in with the new one.
  const moved = `hoa.tran-${Date.now()}@ops.example`;
  const person = admin.getByTestId('staff').locator(`[data-email="${email}"]`);
  await person.getByRole('button', { name: '更改登入信箱' }).click();
  await person.getByLabel('新的登入信箱').fill(moved);
  await person.getByRole('button', { name: '更改登入信箱' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(admin.getByTestId('staff').locator(`[data-email="${moved}"]`)).toContainText('使用中');
  // And the name customers see on her replies, which is an admin's to give too.
  const renamed = admin.getByTestId('staff').locator(`[data-email="${moved}"]`);
  await renamed.getByRole('button', { name: '更改名稱' }).click();
  await renamed.getByLabel('新的名稱').fill('Trần Hoa');
  await renamed.getByRole('button', { name: '更改名稱' }).click();
  await expect(admin.getByRole('dialog')).toContainText('把「陳花 Hoa」改名為「Trần Hoa」？');
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(renamed.locator('strong')).toHaveText('Trần Hoa');
  const again = await (await browser.newContext()).newPage();
  await logInTo(again, '/ops', moved, STAFF_PASSWORD);
  await expect(again.getByTestId('live-state')).toHaveText('即時更新中');
});

test('an admin edits a plan with a preview of the customer’s card; new prices reach the site', async ({ browser, request }) => {
  const page = await staffPage(browser, ADMIN, '/ops/catalog');
  const row = page.getByTestId('plans').locator('[data-plan="shuttle-cxr-16"]');
  await row.getByRole('button', { name: '編輯' }).click();
  const form = row.getByTestId('plan-form');
  const name = `金蘭機場接送・16 人座 ${Date.now() % 1000}`;
  await form.getByLabel('名稱').fill(name);
  await form.getByLabel('單程').fill('555000');
  // The preview is the site's own card, redrawn as the admin types.
  await expect(row.locator('.plan-card')).toContainText(name);
  await expect(row.locator('.plan-card')).toContainText('VND 555,000');
  await form.getByRole('button', { name: '儲存變更' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(row).toContainText('起價 VND 555,000');
  const plan = (await (await request.get('/api/plan/shuttle/shuttle-cxr-16')).json()).data;
  expect(plan.name).toBe(name);
  expect(plan.fromPriceVnd).toBe(555_000);

  // A season on it: ten days from now, 50% more. A new estimate for that day has its own line.
  const day = new Date(Date.now() + 7 * 3600_000 + 10 * 86_400_000).toISOString().slice(0, 10);
  // The editor stays open after a save.
  const seasons = form.getByTestId('plan-seasons');
  await seasons.getByRole('button', { name: '新增季節' }).click();
  await seasons.getByLabel('第一天').fill(day);
  await seasons.getByLabel('最後一天').fill(day);
  await seasons.getByLabel('多少').fill('50');
  await seasons.screenshot({ path: 'test-results/screens/console-plan-season.png' });
  await form.getByRole('button', { name: '儲存變更' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  const quote = (start: string) =>
    request.post('/api/plan/shuttle/shuttle-cxr-16/estimateFee', {
      data: { direction: 'pick-up', flightNumber: 'VN123', start, address: 'Sheraton Nha Trang', passengers: 2, luggage: 2 },
    });
  // Saved (the toast of the first save may still show): the next estimate has it.
  const lines = async () => ((await (await quote(`${day}T10:00`)).json()).data.lines as { code: string; label: string }[]).map((l) => [l.code, l.label]);
  await expect.poll(lines).toEqual([
    ['base', expect.any(String)],
    ['season', '旺季加價 50%'],
  ]);
  const inSeason = (await (await quote(`${day}T10:00`)).json()).data;
  expect(inSeason.totalVnd).toBe(555_000 + 278_000);

  // A season for every shuttle the day after: 20% more, below the plans; the plan's own day keeps
  // its 50%. Taken off again, so no other test's shuttle meets it.
  const next = new Date(Date.now() + 7 * 3600_000 + 11 * 86_400_000).toISOString().slice(0, 10);
  const category = page.getByTestId('category-seasons');
  await category.getByRole('button', { name: '新增季節' }).click();
  await category.getByLabel('第一天').fill(day);
  await category.getByLabel('最後一天').fill(next);
  await category.getByLabel('多少').fill('20');
  await category.screenshot({ path: 'test-results/screens/console-category-seasons.png' });
  await category.getByRole('button', { name: '儲存類別季節價格' }).click();
  const nextLines = async () => ((await (await quote(`${next}T10:00`)).json()).data.lines as { code: string; label: string }[]).map((l) => [l.code, l.label]);
  await expect.poll(nextLines).toEqual([
    ['base', expect.any(String)],
    ['season', '旺季加價 20%'],
  ]);
  await expect.poll(lines).toEqual([
    ['base', expect.any(String)],
    ['season', '旺季加價 50%'],
  ]);
  await category.getByRole('button', { name: '刪除這個季節' }).click();
  await category.getByRole('button', { name: '儲存類別季節價格' }).click();
  await expect.poll(nextLines).toEqual([['base', expect.any(String)]]);

  // The catalogue file: downloaded as it stands; a broken one changes nothing and says why.
  const file = page.getByTestId('catalog-file');
  const [download] = await Promise.all([page.waitForEvent('download'), file.getByRole('button', { name: '下載目前的目錄檔' }).click()]);
  const text = readFileSync((await download.path()) ?? '', 'utf8');
  expect(text).toContain(name);
  await file.locator('input[type=file]').setInputFiles({ name: 'bad.toml', mimeType: 'text/plain', buffer: Buffer.from('[[plans]]\nid = "x"\n') });
  await expect(file.locator('.form-error')).toBeVisible();
  expect((await (await request.get('/api/plan/shuttle/shuttle-cxr-16')).json()).data.name).toBe(name);
});

test('an admin adds plan and therapist photos; cards and pages draw the server’s sizes, and travellers open them large', async ({ browser }) => {
  const page = await staffPage(browser, ADMIN, '/ops/catalog');
  const row = page.getByTestId('plans').locator('[data-plan="shuttle-dad-7"]');
  await row.getByRole('button', { name: '編輯' }).click();
  const photo = join(fileURLToPath(new URL('.', import.meta.url)), 'fixtures/hotel-gps.jpg');
  await row.locator('.console-photos input[type=file]').setInputFiles(photo);
  await expect(row.getByRole('img', { name: '照片 1' })).toBeVisible();
  // The preview card draws it once the server has cut its sizes (the debug server, beside two
  // browsers' work on two slow cores, took over 10 s for that).
  const cut = { timeout: 30_000 };
  await expect(row.locator('.plan-card img')).toHaveAttribute('src', /\/media\/catalog\/img-[\w-]+\/640\.jpg$/, cut);
  // A second one, for the plan page's gallery.
  await row.locator('.console-photos input[type=file]').setInputFiles(photo);
  await expect(row.getByRole('img', { name: '照片 2' })).toBeVisible(cut);
  await row.getByTestId('plan-form').getByRole('button', { name: '儲存變更' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(page.getByText('已儲存').first()).toBeVisible();

  // A traveller's phone: the card's photo is the 640-wide cut, the plan page offers 1280 too.
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await phone.goto('/category/shuttle?city=dad');
  const card = phone.locator('.plan-card', { has: phone.locator('a[href="/category/shuttle/shuttle-dad-7"]') }).locator('img');
  await expect(card).toHaveAttribute('src', /\/640\.jpg$/);
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await phone.goto('/category/shuttle/shuttle-dad-7');
  const hero = phone.locator('.plan-hero');
  await expect(hero).toHaveAttribute('srcset', /640\.jpg 640w, .*1280\.jpg 1280w/);
  await expect(hero).toHaveAttribute('width', '960');
  // A 390-px phone at 1× takes the 640-wide cut (a desktop or a 2× phone, the 1280).
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc)).toMatch(/\/640\.jpg$/);
  await phone.screenshot({ path: 'test-results/plan-photo.png' });
  const served = await phone.request.get((await hero.getAttribute('src')) ?? '');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // The gallery's photo opens large (the 1280 cut), and the viewer goes round both.
  await phone.getByRole('button', { name: '看大圖：照片 2／2' }).click();
  const viewer = phone.getByRole('dialog');
  await expect(viewer.getByRole('img')).toHaveAttribute('src', /\/1280\.jpg$/);
  await expect(viewer).toContainText('照片 2／2');
  await viewer.getByRole('button', { name: '下一張' }).click();
  await expect(viewer).toContainText('照片 1／2');
  await phone.screenshot({ path: 'test-results/plan-viewer.png' });
  await phone.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A therapist's square photo.
  await page.getByRole('tab', { name: '到府按摩' }).click();
  const lan = page.getByTestId('therapists').locator('[data-therapist="t-lan"]');
  await lan.getByRole('button', { name: '編輯' }).click();
  await lan.locator('.console-photos input[type=file]').setInputFiles(photo);
  await expect(lan.getByRole('img', { name: '照片 1' })).toHaveAttribute('src', /\/144\.jpg$/, cut);
  await lan.locator('.console-photos input[type=file]').setInputFiles(photo);
  await expect(lan.getByRole('img', { name: '照片 2' })).toHaveAttribute('src', /\/144\.jpg$/, cut);
  // The plan's 已儲存 may still be up (5 s): the therapist's is the one to wait for.
  await expect(page.getByText('已儲存')).toHaveCount(0);
  await lan.getByTestId('therapist-form').getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('已儲存')).toBeVisible();
  await phone.goto('/category/dragon-massage');
  const lanCard = phone.getByTestId('therapist-t-lan');
  await expect(lanCard.locator('img')).toHaveAttribute('src', /\/media\/catalog\/img-[\w-]+\/144\.jpg$/);
  // Both of her photos, larger, from her card.
  await expect(lanCard).toContainText('2 張照片');
  await lanCard.getByRole('button', { name: '看大圖：2 張照片' }).click();
  await expect(phone.getByRole('dialog').getByRole('img')).toHaveAttribute('src', /\/288\.jpg$/);
  await expect(phone.getByRole('dialog')).toContainText('照片 1／2');
});

test('an admin changes a therapist’s languages and hours; the finder follows', async ({ browser, request }) => {
  const page = await staffPage(browser, ADMIN, '/ops/catalog');
  await page.getByRole('tab', { name: '到府按摩' }).click();
  const row = page.getByTestId('therapists').locator('[data-therapist="t-mai"]');
  await row.getByRole('button', { name: '編輯照片、語言、專長與時段' }).click();
  const form = row.getByTestId('therapist-form');
  // The languages she speaks are a list to tick: English off, Japanese on.
  await form.getByLabel('英語', { exact: true }).uncheck();
  await form.getByLabel('日語', { exact: true }).check();
  // One shift left: every day, mornings only.
  while ((await form.getByRole('button', { name: '刪除這個時段' }).count()) > 1) {
    await form.getByRole('button', { name: '刪除這個時段' }).last().click();
  }
  const shift = form.getByRole('group', { name: '時段 1' });
  for (const day of ['一', '二', '三', '四', '五', '六', '日']) await shift.getByLabel(day, { exact: true }).check();
  await shift.getByLabel('開始').fill('08:00');
  await shift.getByLabel('結束').fill('12:00');
  await form.getByRole('button', { name: '儲存' }).click();
  await expect(row).toContainText('中文、越南語、日語');
  await expect(row).toContainText('一二三四五六日 08:00–12:00');
  // Her English name and skills: English readers get them, zh-TW readers her own.
  await form.getByLabel('文字的語言').selectOption('en');
  await expect(form.getByLabel('名稱', { exact: true })).toHaveValue('Mai');
  await form.getByLabel('名稱', { exact: true }).fill('Mai (spa)');
  await form.getByLabel('專長', { exact: true }).fill('Hot stone, Aromatherapy');
  await form.getByRole('button', { name: '儲存' }).click();
  const read = async (lang: string) => {
    const r = await request.get('/api/plan/dragon-massage/therapist?pageSize=50', { headers: { 'accept-language': lang } });
    return ((await r.json()).data as { id: string; name: string; skills: string[]; languages: string[] }[]).find((t) => t.id === 't-mai');
  };
  // The first save's 已儲存 may still be up: the server's answer is what to wait for.
  await expect.poll(async () => (await read('en'))?.name).toBe('Mai (spa)');
  expect(await read('en')).toMatchObject({ name: 'Mai (spa)', skills: ['Hot stone', 'Aromatherapy'], languages: ['zh', 'vi', 'ja'] });
  expect((await read('zh-TW'))?.name).toBe('阿梅 Mai');
  const day = new Date(Date.now() + (7 + 72) * 3600_000).toISOString().slice(0, 10);
  const offered = async (time: string) => {
    const r = await request.get(`/api/plan/dragon-massage/therapist?date=${day}&time=${time}&duration=60`);
    return ((await r.json()).data as { id: string }[]).map((t) => t.id);
  };
  expect(await offered('09:00')).toContain('t-mai');
  expect(await offered('20:00')).not.toContain('t-mai');
});

test('staff see a massage order’s therapist and the customer’s hotel photo', async ({ browser, request }) => {
  const ivy = await customer(request, 'ivy');
  const photo = readFileSync(fileURLToPath(new URL('./fixtures/hotel-gps.jpg', import.meta.url)));
  const up = await request.post('/api/plan/dragon-massage/hotel/images/upload', {
    headers: { 'authorization-firebase': ivy.token },
    multipart: { images: { name: 'hotel.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const imageId = (await up.json()).data[0].id as string;
  const order = await call(request, ivy, '/api/plan/dragon-massage/massage-classic/order', {
    details: {
      hotelName: 'Rex',
      hotelAddress: '141 Nguyen Hue',
      room: '1203',
      start: `${new Date(Date.now() + (7 + 72) * 3600_000).toISOString().slice(0, 10)}T20:00`,
      durationMinutes: 90,
      people: 1,
      therapist: 'specific',
      therapistId: 't-lan',
      hotelImageIds: [imageId],
    },
    contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
  });
  const page = await staffPage(browser, OPERATOR, `/ops/orders/${order.id}`);
  await expect(page.getByTestId('chosen-therapist')).toHaveText(/Lan/);
  const img = page.getByTestId('confirm-photo').locator('img');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);

  // Paid, served and reviewed: the review counts on her card, and opens from it.
  await call(request, ivy, '/api/v-coin/top-up', { amountVnd: 2_000_000, method: 'DEV' });
  await call(request, ivy, `/api/plan/dragon-massage/order/${order.id}/payment`, { method: 'VCOIN' });
  serveOrder(order.id);
  await page.reload();
  for (const button of ['確認訂單', '標記為已完成']) {
    await page.getByRole('button', { name: button }).click();
    await page.getByRole('dialog').getByRole('button', { name: '確定' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  await expect(page.locator('.console-order-head')).toContainText('已完成');
  const mine = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logInTo(mine, `/member/order?id=${order.id}`, ivy.email, PASSWORD);
  const form = mine.getByTestId('order-review');
  await form.getByLabel('5 顆星').check({ force: true });
  await form.getByLabel('心得（選填）').fill('Lan 的力道剛好，準時到飯店。');
  await form.getByRole('button', { name: '送出評價' }).click();
  await expect(form.getByRole('status')).toHaveText('謝謝您的評價！');
  await mine.goto('/category/dragon-massage');
  const lan = mine.getByTestId('therapist-t-lan');
  await expect(lan.getByTestId('rating')).toContainText('則評價');
  await lan.getByRole('button', { name: '看評價' }).click();
  await expect(lan.getByTestId('reviews')).toContainText('Lan 的力道剛好');
  await lan.scrollIntoViewIfNeeded();
  await mine.screenshot({ path: 'test-results/therapist-reviews.png' });
});

test('the console on a 390 px phone: the header scrolls away, an order reads facts first, tables and menus fit', async ({
  browser,
  request,
}) => {
  const kim = await customer(request, 'kim');
  const id = await paidShuttle(request, kim, 4);
  // Kim asks about it from her member area.
  const asks = await (await browser.newContext()).newPage();
  await logInTo(asks, `/member/customer-service?order=${id}`, kim.email, PASSWORD);
  await asks.getByLabel('訊息內容').fill('司機會舉牌嗎？');
  await asks.getByRole('button', { name: '開啟對話' }).click();
  await expect(asks).toHaveURL(/\/member\/customer-service\?thread=cs-/);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logInTo(page, '/ops', ADMIN, STAFF_PASSWORD);
  await expect(page.getByTestId('live-state')).toHaveText('即時更新中');
  // Every screen's link is on the screen, none cut off; the header does not stay over the work.
  const links = page.getByRole('navigation').getByRole('link');
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, await link.innerText()).toBe(true);
  }
  await expect(page.locator('.console-header')).toHaveCSS('position', 'static');
  await page.screenshot({ path: 'test-results/console-phone-board.png' });

  // An order: what the service is comes first, on the first screen; then what to do.
  await page.goto(`/ops/orders/${id}`);
  const facts = page.locator('.card', { has: page.getByRole('heading', { name: '服務內容', exact: true }) });
  const actions = page.locator('.card', { has: page.getByRole('heading', { name: '操作', exact: true }) });
  await expect(facts).toContainText('VN123');
  const [f, a] = [await facts.boundingBox(), await actions.boundingBox()];
  expect(f && a && f.y < a.y).toBe(true);
  expect((await facts.getByText('VN123').boundingBox())?.y ?? 9999).toBeLessThan(844);
  await page.screenshot({ path: 'test-results/console-phone-order.png' });

  // The orders: each a card, the amount and the state on the screen.
  await page.goto('/ops/orders');
  const row = page.getByTestId('orders-table').locator('tr', { hasText: id });
  for (const text of ['VND 380,000', '已付款']) {
    const box = await row.getByText(text).first().boundingBox();
    expect(box && box.x + box.width <= 390, text).toBe(true);
  }
  await page.screenshot({ path: 'test-results/console-phone-orders.png', fullPage: true });

  // Support: no word about a left side; the chosen thread comes up into view.
  await page.goto('/ops/support');
  await expect(page.getByText('請從左側')).toHaveCount(0);
  await expect(page.getByText('選擇一則對話來閱讀與回覆')).toBeHidden();
  await page.locator('.console-inbox').getByRole('button', { name: /司機會舉牌嗎？/ }).first().click();
  await expect(page.locator('.console-thread').getByRole('heading', { name: `訂單 ${id}` })).toBeInViewport();
  await page.screenshot({ path: 'test-results/console-phone-support.png' });
});
