import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { logInTo } from './sign-in';
import { databaseUrl, serverBinary } from '../playwright.config';

// One customer with a paid and a (paid, then) cancelled order, made through the real calls; the
// steps run in order since they share the customer.
const EMAIL = 'member-e2e@example.com';
const PASSWORD = 'secret-123';

test.describe.configure({ mode: 'serial' });

let token = '';
let paid = '';
let cancelled = '';

/** The operators' command against the test server's database. */
function operator(...args: string[]): string {
  const dir = process.env.E2E_DATA_DIR ?? '';
  return execFileSync(serverBinary, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_MAILBOX_DIR: join(dir, 'mailbox'),
      APP_MEDIA_DIR: join(dir, 'images'),
      APP_MIGRATE_ON_START: 'false',
      APP_SEED_DEMO: 'false',
      APP_LOG: 'warn',
    },
  }).toString();
}

function daysAhead(days: number): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + days * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T10:00`;
}

async function call(request: APIRequestContext, path: string, data: object, key: string) {
  const r = await request.post(path, { headers: { 'authorization-firebase': token, 'idempotency-key': key }, data });
  expect(r.status(), path).toBeLessThan(300);
  return (await r.json()).data;
}

/** A shuttle order for 480,000 VND, paid with v-coin. */
async function paidOrder(request: APIRequestContext, days: number): Promise<string> {
  const order = await call(
    request,
    '/api/plan/shuttle/shuttle-sgn-4/order',
    {
      details: { direction: 'pick-up', flightNumber: 'VN123', start: daysAhead(days), address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 1 },
      contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
    },
    `order-${days}`,
  );
  await call(request, `/api/plan/shuttle/order/${order.id}/payment`, { method: 'VCOIN' }, `pay-${days}`);
  return order.id;
}

test.beforeAll(async ({ request }) => {
  const r = await request.post('/api/auth/sign-up', { data: { email: EMAIL, password: PASSWORD } });
  expect(r.status()).toBe(200);
  token = (await r.json()).data.idToken;
  await call(request, '/api/v-coin/top-up', { amountVnd: 1_000_000, method: 'DEV' }, 'top-up');
  paid = await paidOrder(request, 2);
  cancelled = await paidOrder(request, 3);
});

function logIn(page: Page, next: string) {
  return logInTo(page, next, EMAIL, PASSWORD);
}

test('the member home shows the next order, the balance and no unread replies', async ({ page }) => {
  await logIn(page, '/member');
  const next = page.getByTestId('next-order');
  await expect(next).toContainText('新山一');
  await expect(next.getByTestId('state')).toHaveText('已付款');
  await expect(page.getByTestId('wallet-card')).toContainText('VND 40,000');
  await expect(page.getByTestId('unread-card')).toContainText('沒有未讀回覆');
  await next.getByRole('link', { name: '查看全部訂單' }).click();
  await expect(page).toHaveURL('/member/order');
  await expect(page.locator(`[data-order="${paid}"]`).getByTestId('state')).toHaveText('已付款');
  await expect(page.locator(`[data-order="${cancelled}"]`).getByTestId('state')).toHaveText('已付款');
});

test('cancelling a paid order previews the refund, then refunds it into v-coin', async ({ page }) => {
  await logIn(page, `/member/order?id=${cancelled}`);
  await expect(page.getByTestId('timeline')).toContainText('已付款');
  await expect(page.getByTestId('total')).toHaveText('VND 480,000');
  await page.getByRole('button', { name: '取消訂單' }).click();
  await expect(page.getByTestId('cancel-quote')).toContainText('已付 VND 480,000，手續費 VND 0，將退回 VND 480,000');
  await page.getByRole('button', { name: '確定取消' }).click();
  await expect(page.getByText('VND 480,000 已退回 V 幣錢包')).toBeVisible();
  await expect(page.locator('.member-order-head').getByTestId('state')).toHaveText('已退款');
  await expect(page.getByTestId('timeline')).toContainText('已退款');
  await expect(page.getByRole('button', { name: '取消訂單' })).toHaveCount(0);

  // The tabs: the refunded order under 已取消 only, the paid one under 即將到來.
  await page.goto('/member/order');
  await page.getByRole('tab', { name: '已取消' }).click();
  await expect(page).toHaveURL('/member/order?tab=closed');
  await expect(page.getByTestId('orders').locator('li')).toHaveCount(1);
  await expect(page.locator(`[data-order="${cancelled}"]`).getByTestId('state')).toHaveText('已退款');
  await page.getByRole('tab', { name: '即將到來' }).click();
  await expect(page.getByTestId('orders').locator('li')).toHaveCount(1);
  await expect(page.locator(`[data-order="${paid}"]`)).toBeVisible();
  await page.getByRole('tab', { name: '已完成' }).click();
  await expect(page.getByText('這個分類還沒有訂單。')).toBeVisible();

  // The wallet has every entry behind both orders, each with its cause.
  await page.goto('/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText('VND 520,000');
  const ledger = page.getByTestId('ledger');
  await expect(ledger.locator('li')).toHaveCount(4);
  await expect(ledger.locator('li').first()).toContainText('退款');
  await expect(ledger.locator('li').first()).toContainText('+VND 480,000');
  await expect(ledger.getByRole('link', { name: `訂單 ${cancelled}` })).toHaveCount(2);
  await expect(ledger.getByRole('link', { name: `訂單 ${paid}` })).toHaveCount(1);
  await ledger.getByRole('link', { name: `訂單 ${paid}` }).click();
  await expect(page).toHaveURL(`/member/order?id=${paid}`);
});

test('the driver an operator assigns appears in the order detail', async ({ page }) => {
  await logIn(page, `/member/order?id=${paid}`);
  await expect(page.getByTestId('driver')).toContainText('確認後會在這裡顯示司機');
  expect(operator('assign-driver', paid, '--operator', 'ops-e2e', '--name', '阮文明', '--phone', '0901234567', '--plate', '51A-123.45')).toContain('CONFIRMED');
  await page.reload();
  const driver = page.getByTestId('driver');
  await expect(driver).toContainText('阮文明');
  await expect(driver.getByRole('link', { name: '+84 901234567' })).toHaveAttribute('href', 'tel:+84901234567');
  await expect(driver).toContainText('51A-123.45');
  await expect(page.locator('.member-order-head').getByTestId('state')).toHaveText('已確認');
  await expect(page.getByTestId('timeline')).toContainText('指派司機 阮文明');

  // 「再訂一次」: the same plan and details on step1, but a time still to choose.
  await page.getByRole('button', { name: '再訂一次' }).click();
  await expect(page).toHaveURL('/order/shuttle/step1?plan=shuttle-sgn-4');
  await expect(page.getByLabel('航班編號')).toHaveValue('VN123');
  await expect(page.getByLabel('飯店名稱或地址')).toHaveValue('Rex Hotel');
  await expect(page.getByLabel('乘客人數')).toHaveValue('2');
  await expect(page.getByLabel(/航班抵達時間/)).not.toHaveValue(daysAhead(2));
});

test('a support thread about the cancelled order gets a reply, marked unread until opened', async ({ page }) => {
  await logIn(page, `/member/order?id=${cancelled}`);
  await page.getByRole('link', { name: '詢問客服' }).click();
  await expect(page).toHaveURL(`/member/customer-service?order=${cancelled}`);
  await expect(page.getByLabel('相關訂單（選填）')).toHaveValue(cancelled);
  await expect(page.getByTestId('channels')).toContainText('@booking-demo');
  await page.getByLabel('訊息內容').fill('請問退款什麼時候可以用？');
  await page.getByRole('button', { name: '開啟對話' }).click();
  await expect(page).toHaveURL(/\/member\/customer-service\?thread=cs-/);
  await expect(page.getByRole('heading', { name: `訂單 ${cancelled}` })).toBeVisible();
  await expect(page.getByTestId('messages')).toContainText('請問退款什麼時候可以用？');
  const thread = new URL(page.url()).searchParams.get('thread') ?? '';
  await page.getByRole('textbox', { name: '回覆' }).fill('謝謝！');
  await page.getByRole('button', { name: '送出' }).click();
  await expect(page.getByTestId('messages').locator('li')).toHaveCount(2);

  // Away from the thread (an open thread marks a reply read as it arrives), the reply comes in
  // and the member home counts it without a reload.
  await page.goto('/member');
  await expect(page.getByTestId('unread-card')).toContainText('沒有未讀回覆');
  operator('support-reply', thread, '--operator', '小美', '--message', '退款已在您的 V 幣錢包，可立即使用。');
  await expect(page.getByTestId('unread-card')).toContainText('1 則未讀回覆');
  await expect(page.getByTestId('nav-unread')).toHaveText('1');
  await expect(page.getByTestId('header-unread')).toHaveText('1');
  await page.getByRole('link', { name: '前往客服中心' }).click();
  await expect(page.getByTestId('threads').getByTestId('unread')).toHaveText('1 則新回覆');
  await page.getByTestId('threads').getByRole('link').first().click();
  await expect(page.getByTestId('messages')).toContainText('客服 小美');
  await expect(page.getByTestId('messages')).toContainText('退款已在您的 V 幣錢包');
  await expect(page.getByTestId('nav-unread')).toHaveCount(0);
  await expect(page.getByTestId('header-unread')).toHaveCount(0);
  await page.getByRole('link', { name: '← 返回客服中心' }).click();
  await expect(page.getByTestId('threads').getByTestId('unread')).toHaveCount(0);
});

test('/profile and /member/user-info are one page', async ({ page }) => {
  await logIn(page, '/member/user-info');
  await expect(page.locator('.profile-email')).toContainText(EMAIL);
  await page.getByLabel('顯示名稱').fill('陳美玲');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('個人資料已儲存。')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByLabel('顯示名稱')).toHaveValue('陳美玲');
  await expect(page.getByRole('navigation', { name: '會員首頁' })).toBeVisible();
});
