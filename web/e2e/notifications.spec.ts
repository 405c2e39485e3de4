import { expect, test, type APIRequestContext } from '@playwright/test';
import { pushOrigin } from '../playwright.config';
import { pushReceiver } from './push';
import { booking } from './server-cli';
import { logInTo } from './sign-in';

// Web Push from the real server to a local receiver standing in for the browser vendor's push
// service (`./push`): the test decrypts what arrives as the phone would.

const PASSWORD = 'secret-123';
const EMAIL = `push-${Date.now()}-${process.pid}@example.com`;

let push: Awaited<ReturnType<typeof pushReceiver>>;

// The one origin on this machine the server is configured to push a traveller's phone to.
test.beforeAll(async () => {
  push = await pushReceiver(pushOrigin);
});

test.afterAll(() => push.stop());

function daysAhead(days: number): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + days * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T10:00`;
}

/** A shuttle order paid with v-coin through the real calls. */
async function paidOrder(request: APIRequestContext, token: string): Promise<string> {
  const call = async (path: string, data: object) => {
    const headers = { 'authorization-firebase': token, 'idempotency-key': `${path}-${Math.random()}` };
    const r = await request.post(path, { headers, data });
    expect(r.status(), path).toBeLessThan(300);
    return (await r.json()).data;
  };
  await call('/api/v-coin/top-up', { amountVnd: 480_000, method: 'DEV' });
  const details = { direction: 'pick-up', flightNumber: 'VN123', start: daysAhead(3), address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 };
  const contact = { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' };
  const order = await call('/api/plan/shuttle/shuttle-sgn-4/order', { details, contact });
  await call(`/api/plan/shuttle/order/${order.id}/payment`, { method: 'VCOIN' });
  return order.id;
}

test('a traveller turns notifications on, an operator reply reaches her phone, and her choice turns replies off', async ({ browser, request }) => {
  const signUp = await request.post('/api/auth/sign-up', { data: { email: EMAIL, password: PASSWORD } });
  expect(signUp.status()).toBe(200);
  const token = (await signUp.json()).data.idToken;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await push.subscribeIn(context);
  const page = await context.newPage();

  await logInTo(page, '/member/user-info', EMAIL, PASSWORD);
  const settings = page.getByTestId('notice-settings');
  await expect(settings).toContainText('這台裝置不會收到通知');
  await settings.getByRole('button', { name: '開啟通知' }).click();
  await expect(settings).toContainText('這台裝置會收到通知');
  await expect(settings.getByRole('checkbox', { name: '客服回覆' })).toBeChecked();
  await page.screenshot({ path: 'test-results/screens/notifications-zh-TW-phone.png', fullPage: true });

  // She asks customer service; an operator answers from the back office's command.
  await page.goto('/member/customer-service');
  await page.getByLabel('訊息內容').fill('請問司機會在哪裡等？');
  await page.getByRole('button', { name: '開啟對話' }).click();
  await expect(page).toHaveURL(/\/member\/customer-service\?thread=cs-/);
  const thread = new URL(page.url()).searchParams.get('thread') ?? '';
  booking(['support-reply', thread, '--operator', '小美', '--message', '司機會在二號出口舉牌等您']);
  const first = push.open(await push.message(1));
  expect(first.notice).toMatchObject({ title: '客服回覆了您的訊息', body: '司機會在二號出口舉牌等您', url: `/member/customer-service?thread=${thread}` });
  // The page subscribed with the key the server signs with.
  expect(await page.evaluate(() => localStorage.getItem('stand-in-push'))).toBe(first.key);

  // She turns customer-service replies off: the next reply stays off her phone, while her new
  // order's receipt, paid after it, arrives.
  await page.goto('/member/user-info');
  await settings.getByRole('checkbox', { name: '客服回覆' }).uncheck();
  await expect(page.getByText('已儲存通知設定')).toBeVisible();
  await expect(settings.getByRole('checkbox', { name: '客服回覆' })).not.toBeChecked();
  booking(['support-reply', thread, '--operator', '小美', '--message', '還有其他問題嗎？']);
  const id = await paidOrder(request, token);
  const second = push.open(await push.message(2));
  expect(second.notice).toMatchObject({ title: '付款成功，訂單已成立', url: `/member/order?id=${id}` });
  await page.waitForTimeout(1500);
  expect(push.inbox).toHaveLength(2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/notifications-zh-TW-desktop.png', fullPage: true });
  await context.close();
});
