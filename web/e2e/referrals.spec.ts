import { expect, test } from '@playwright/test';
import { logInTo } from './sign-in';
import { booking } from './server-cli';

// Inviting a friend, against the real server in Chromium: an admin opens the program in the
// console, a customer shares the link on their member page, a friend signs up by it and the
// invitation is claimed for them; the inviter sees the friend counted.
const STAFF_PASSWORD = 'a-long-operator-pass';
const ADMIN = `ref-admin-${Date.now()}-${process.pid}@ops.example`;
const INVITER = `inviter-${Date.now()}-${process.pid}@example.com`;
const FRIEND = `friend-${Date.now()}-${process.pid}@example.com`;
const PASSWORD = 'secret-123';

test.describe.configure({ mode: 'serial' });

let made = false;
test.beforeAll(async ({ request }) => {
  if (made) return;
  booking(['admin', 'create-operator', '--email', ADMIN], `${STAFF_PASSWORD}\n`);
  const r = await request.post('/api/auth/sign-up', { data: { email: INVITER, password: PASSWORD } });
  expect(r.status()).toBe(200);
  made = true;
});

test('an admin opens the program; a friend signs up by the shared link and is counted', async ({ browser, page }) => {
  const console = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInTo(console, '/ops/gifts', ADMIN, STAFF_PASSWORD);
  const form = console.getByTestId('referral-form');
  await form.getByLabel('開放：新顧客可使用邀請').check();
  await form.getByLabel(/^給邀請人/).fill('100000');
  await form.getByLabel(/^給新顧客/).fill('50000');
  await form.getByLabel(/^額度效期/).fill('90');
  await form.getByRole('button', { name: '儲存' }).click();
  await expect(console.getByText('已完成')).toBeVisible();

  // The inviter, on a phone: the card says what it gives and shows the link.
  await page.setViewportSize({ width: 390, height: 844 });
  await logInTo(page, '/member', INVITER, PASSWORD);
  const card = page.getByTestId('invite-card');
  await expect(card).toContainText('您可獲得 VND 100,000，朋友可獲得 VND 50,000');
  await expect(card.getByTestId('invite-standing')).toHaveText('還沒有朋友透過您的連結加入。');
  const link = await card.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/register\?ref=[A-Z2-9]{8}$/);
  await page.screenshot({ path: test.info().outputPath('member-invite.png'), fullPage: true });

  // The friend follows it in a browser of their own and signs up: the invitation is theirs.
  const friend = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await friend.goto(link);
  await expect(friend.getByTestId('invited')).toContainText('您受朋友邀請而來');
  await friend.getByLabel('電子信箱').fill(FRIEND);
  await friend.getByLabel('密碼').fill(PASSWORD);
  await friend.getByRole('button', { name: '註冊' }).click();
  await expect(friend.getByText('歡迎！完成第一趟行程後，您將獲得 VND 50,000 的 V 幣。')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('invite-standing')).toHaveText('已有 1 位朋友透過您的連結加入，其中 0 位完成了第一趟行程。');
});
