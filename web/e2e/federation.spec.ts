import { expect, test, type Page } from '@playwright/test';
import { logInTo } from './sign-in';

// Sign-in with an identity provider, through a real OpenID Connect provider on loopback (the
// playwright config starts it): 測試 A is trusted to vouch for addresses, 測試 B is not.

const fresh = (tag: string) => `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** At the provider's own sign-in page: who the person is there. */
async function atProvider(page: Page, subject: string, email: string, verified = true) {
  await expect(page.getByRole('heading', { name: /^Sign in to test-/ })).toBeVisible();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Email', { exact: true }).fill(email);
  if (!verified) await page.getByLabel('Email verified').uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: '登出' }).click();
  await expect(page.getByRole('link', { name: '登入' })).toBeVisible();
}

/** A daytime slot two days ahead in Vietnam time, as the datetime field takes it. */
function dayAfterTomorrow(): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + 2 * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T10:00`;
}

test('sign up with a provider from an order step, come back with the draft, sign out and in again', async ({ page }) => {
  const who = fresh('ann');
  const email = `${who}@example.com`;
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await page.getByLabel('航班編號').fill('vn 123');
  await page.getByLabel(/航班抵達時間/).fill(dayAfterTomorrow());
  await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
  await page.getByLabel('乘客人數').fill('3');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  // Only the configured providers, each as 「使用 … 繼續」.
  await expect(page.getByRole('button', { name: /^使用 .* 繼續$/ })).toHaveCount(2);
  await page.getByRole('button', { name: '使用 測試 A 繼續' }).click();
  await atProvider(page, who, email);
  // Back on the step, signed in, with what was typed.
  await expect(page).toHaveURL(/\/order\/shuttle\/step1\?plan=shuttle-sgn-4$/);
  await expect(page.getByLabel('飯店名稱或地址')).toHaveValue('Caravelle Saigon');
  await expect(page.getByLabel('航班編號')).toHaveValue('vn 123');
  await expect(page.getByLabel('乘客人數')).toHaveValue('3');
  // The address the fragment carried is gone from the address bar and from history.
  expect(page.url()).not.toContain('refresh');

  await page.goto('/profile');
  await expect(page.locator('.profile-email')).toContainText(email);
  await expect(page.locator('.profile-email .badge')).toHaveText('已驗證');
  const waysIn = page.getByRole('region', { name: '登入方式' });
  await expect(waysIn).toContainText('測試 A');
  await expect(waysIn).toContainText('尚未設定密碼');
  // Its only way in: unlinking is not offered.
  await expect(waysIn.getByRole('button', { name: '解除連結' })).toBeDisabled();
  await expect(page.getByRole('form', { name: '設定密碼' })).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  // Still signed in at the provider, which is asked to prompt all the same: on a shared phone the
  // next person is someone else.
  await page.getByRole('button', { name: '使用 測試 A 繼續' }).click();
  await atProvider(page, who, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('.profile-email')).toContainText(email);
  // That answer was the person's own: the next sign-in goes through as providers usually do.
  await page.evaluate(() => localStorage.removeItem('booking.refreshToken'));
  await page.context().clearCookies({ name: 'token' });
  await page.goto('/login');
  await page.getByRole('button', { name: '使用 測試 A 繼續' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('an existing password account: joined on the trusted word, by its password on the other', async ({ page, request }) => {
  const who = fresh('bob');
  const email = `${who}@example.com`;
  const r = await request.post('/api/auth/sign-up', { data: { email, password: 'bob-secret-1' } });
  expect(r.status()).toBe(200);

  // 測試 A vouches for the address: the same account, at once.
  await page.goto('/register');
  await page.getByRole('button', { name: '使用 測試 A 繼續' }).click();
  await atProvider(page, `${who}-a`, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('region', { name: '登入方式' })).toContainText('已連結');
  await signOut(page);

  // 測試 B's word is not enough: the password, once.
  await page.goto('/login');
  await page.getByRole('button', { name: '使用 測試 B 繼續' }).click();
  await atProvider(page, `${who}-b`, email);
  await expect(page.getByRole('heading', { name: '連結既有帳號' })).toBeVisible();
  await expect(page.getByText(`${email} 已經有帳號`)).toBeVisible();
  await page.getByLabel('密碼').fill('not-his');
  await page.getByRole('button', { name: '連結並登入' }).click();
  await expect(page.getByText('密碼錯誤')).toBeVisible();
  await page.getByLabel('密碼').fill('bob-secret-1');
  await page.getByRole('button', { name: '連結並登入' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const waysIn = page.getByRole('region', { name: '登入方式' });
  await expect(waysIn.getByRole('listitem')).toHaveCount(3);

  // He has a password: either provider may go.
  await waysIn.getByRole('listitem').filter({ hasText: '測試 B' }).getByRole('button', { name: '解除連結' }).click();
  await expect(page.getByText('已解除 測試 B 的連結。')).toBeVisible();
  await expect(waysIn.getByRole('button', { name: '連結 測試 B' })).toBeVisible();
});

test('cancelling at the provider leads back to the sign-in page with nothing broken', async ({ page }) => {
  await page.goto('/login?next=%2Fmember');
  await page.getByRole('button', { name: '使用 測試 B 繼續' }).click();
  await expect(page.getByRole('heading', { name: /^Sign in to test-b/ })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fmember$/);
  await expect(page.getByText('已取消登入，您可以改用其他方式。')).toBeVisible();
  // The page works as before: the provider again, this time to the end.
  await page.getByRole('button', { name: '使用 測試 B 繼續' }).click();
  const who = fresh('cy');
  await atProvider(page, who, `${who}@example.com`, false);
  await expect(page).toHaveURL(/\/member$/);
});

test('a return with a forged state is refused in Chinese, never the provider’s words', async ({ page }) => {
  await page.goto('/auth/oidc/test-a/callback?code=stolen&state=forged');
  await expect(page).toHaveURL(/\/auth\/continue$/);
  await expect(page.getByRole('alert')).toContainText('登入已逾時或不是從這個瀏覽器開始');
  await page.getByRole('link', { name: '回到登入' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a link carrying another account’s session signs nobody in, and says so', async ({ page, request }) => {
  // Someone signs up and sends their own session in a link: following it must not put the
  // visitor into that account (whatever they then book or pay would land there).
  const made = async (tag: string) => {
    const email = `${fresh(tag)}@example.com`;
    const r = await request.post('/api/auth/sign-up', { data: { email, password: 'secret-123' } });
    expect(r.status()).toBe(200);
    return { email, refresh: (await r.json()).data.refreshToken as string };
  };
  const visitor = await made('visitor');
  const other = await made('other');
  await logInTo(page, '/profile', visitor.email, 'secret-123');
  await page.goto(`/auth/continue#refresh=${encodeURIComponent(other.refresh)}&to=/profile`);
  await expect(page.getByRole('alert')).toContainText('這個登入連結不是從這個瀏覽器開始的');
  await expect(page).toHaveURL(/\/auth\/continue$/);
  // Still the visitor, with their own session.
  await page.goto('/profile');
  await expect(page.getByText(visitor.email).first()).toBeVisible();
  await expect(page.getByText(other.email)).toHaveCount(0);
  // A held sign-in's ticket from elsewhere asks for no password either.
  await page.goto('/auth/continue#ticket=forged&provider=X&to=/profile');
  await expect(page.getByRole('alert')).toContainText('這個登入連結不是從這個瀏覽器開始的');
  await expect(page.getByLabel('密碼')).toHaveCount(0);
});

test('signing in with a provider on a new browser speaks the language the profile chose', async ({ browser }) => {
  const who = fresh('linh');
  const email = `${who}@example.com`;
  // The account made with the provider, in Chinese; then the profile's language set to Vietnamese.
  const first = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await first.goto('/login');
  await first.getByRole('button', { name: '使用 測試 A 繼續' }).click();
  await atProvider(first, who, email);
  await expect(first).toHaveURL(/\/profile$/);
  await first.getByRole('combobox', { name: '介面語言' }).locator('visible=true').selectOption('vi');
  await expect(first.getByRole('combobox', { name: 'Ngôn ngữ ưa dùng' })).toHaveValue('vi');
  await first.context().close();
  // A browser where no language was chosen: Chinese until the provider says who it is.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await page.getByRole('button', { name: '使用 測試 A 繼續' }).click();
  await atProvider(page, who, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.context().close();
});
