import { expect, test, type Page } from '@playwright/test';

// Each test its own address, so tests run side by side against one server.
const fresh = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Opens the newest mail to `email` in the dev mailbox and follows its link. */
async function followMailedLink(page: Page, email: string, subject: string) {
  const row = page.locator('tr', { hasText: email }).filter({ hasText: subject }).first();
  // The outbox worker delivers within a second: refresh the mailbox until it is there.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(row).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await row.getByRole('link').click();
  await page.locator('a.mail-link').click();
  await expect(page).toHaveURL(/\/auth\/action\?mode=/);
}

async function register(page: Page, email: string, password: string) {
  await page.goto('/register');
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '註冊' }).click();
}

test('register, verify from the dev mailbox, log out, log in and stay signed in', async ({ page, context }) => {
  const email = fresh('lin');
  await register(page, email, 'secret1');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: '個人資料' })).toBeVisible();
  await expect(page.locator('.profile-email')).toContainText(email);
  await expect(page.locator('.profile-email .badge')).toHaveText('尚未驗證');
  const cookie = (await context.cookies()).find((c) => c.name === 'token');
  expect(cookie?.value.split('.')).toHaveLength(3);
  expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(604800 - 60);

  await followMailedLink(page, email, '請驗證您的電子信箱');
  await expect(page.getByRole('heading', { name: '驗證電子信箱' })).toBeVisible();
  await page.getByRole('button', { name: '完成驗證' }).click();
  await expect(page.getByText(`${email} 已完成驗證`)).toBeVisible();
  await page.getByRole('link', { name: '繼續' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('.profile-email .badge')).toHaveText('已驗證');

  // The profile is saved on the server.
  await page.getByLabel('顯示名稱').fill('林小姐');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByLabel('LINE ID').fill('lin_tw');
  await page.getByRole('button', { name: '儲存' }).click();
  await expect(page.getByText('個人資料已儲存。')).toBeVisible();
  await expect(page.locator('.account-link')).toHaveText('林小姐');

  await page.getByRole('button', { name: '登出' }).click();
  await expect(page.getByRole('link', { name: '登入' })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();

  await page.goto('/login');
  await page.getByLabel('電子信箱').fill(email.toUpperCase());
  await page.getByLabel('密碼').fill('secret1');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('顯示名稱')).toHaveValue('林小姐');
  await expect(page.getByLabel('手機號碼')).toHaveValue('912345678');

  // A reload restores the session from the stored refresh token.
  await page.reload();
  await expect(page.locator('.profile-email')).toContainText(email);
  await expect(page.locator('.profile-email .badge')).toHaveText('已驗證');

  // Signed in, the sign-in page sends the customer on.
  await page.goto('/login?next=%2Fcategory%2Fshuttle');
  await expect(page).toHaveURL(/\/category\/shuttle$/);
});

test('a wrong password shows 帳號或密碼錯誤', async ({ page, request }) => {
  const email = fresh('wrong');
  const r = await request.post('/api/auth/sign-up', { data: { email, password: 'secret1' } });
  expect(r.status()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill('not-my-password');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page.getByRole('alert')).toHaveText('帳號或密碼錯誤');
  await expect(page).toHaveURL(/\/login$/);
});

test('a taken e-mail shows 信箱已被使用, in any case', async ({ page, request }) => {
  const email = fresh('taken');
  expect((await request.post('/api/auth/sign-up', { data: { email, password: 'secret1' } })).status()).toBe(200);
  await register(page, email.toUpperCase(), 'secret1');
  await expect(page.locator('.form-error')).toHaveText('信箱已被使用');
});

test('the form checks e-mail and password length before sending', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('電子信箱').fill('not-an-email');
  await page.getByLabel('密碼').fill('12345');
  await page.getByRole('button', { name: '註冊' }).click();
  await expect(page.getByText('請輸入正確的信箱')).toBeVisible();
  await expect(page.getByText('密碼請設定六位數以上')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('forgotten password: the mailed link sets a new one', async ({ page, request }) => {
  const email = fresh('reset');
  expect((await request.post('/api/auth/sign-up', { data: { email, password: 'old-secret' } })).status()).toBe(200);
  await page.goto('/login');
  await page.getByRole('link', { name: '忘記密碼？' }).click();
  await expect(page.getByRole('heading', { name: '重設密碼' })).toBeVisible();
  await page.getByLabel('電子信箱').fill(email);
  await page.getByRole('button', { name: '寄出重設連結' }).click();
  await expect(page.locator('.form-success')).toContainText('重設密碼的信已經寄出');
  await followMailedLink(page, email, '重設您的密碼');
  await page.getByLabel('新密碼').fill('new-secret');
  await page.getByRole('button', { name: '設定新密碼' }).click();
  await expect(page.getByText('密碼已重設')).toBeVisible();
  await page.getByRole('link', { name: '繼續' }).click();
  await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill('new-secret');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('the profile sends a signed-out visitor to sign in and back', async ({ page, request }) => {
  const email = fresh('guard');
  expect((await request.post('/api/auth/sign-up', { data: { email, password: 'secret1' } })).status()).toBe(200);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill('secret1');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
