import { expect, test, type Page } from '@playwright/test';

/** How far the page scrolls sideways: a word too long for its box shows here. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a link carries its language, the picker changes it, and the choice is kept', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/category/shuttle?lang=vi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page).toHaveTitle('Đưa đón sân bay | Đặt Dịch Vụ Du Lịch Việt Nam');
  await expect(page.getByRole('searchbox', { name: 'Tìm gói dịch vụ' })).toBeVisible();
  expect(await sideways(page)).toBe(0);
  // The link's language holds for the next page, without the link.
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Điều khoản dịch vụ');
  expect(await sideways(page)).toBe(0);

  // The picker is in the menu on a phone.
  await page.getByRole('button', { name: 'Danh mục dịch vụ' }).click();
  await page.getByRole('combobox', { name: 'Ngôn ngữ giao diện' }).locator('visible=true').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await expect(page.locator('footer')).toContainText('Privacy policy');

  // The server answers the page's calls in its language too.
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong email or password')).toBeVisible();

  // And back to the default, on a desktop, where the picker is in the header's row.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('combobox', { name: 'Display language' }).locator('visible=true').selectOption('zh-TW');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('會員登入');
});

test('a signed-in traveller’s language is their profile’s: prices, dates and mails follow it', async ({ page, request }) => {
  const email = `linh-${Date.now()}@example.com`;
  // Signed up on the Vietnamese pages.
  const r = await request.post('/api/auth/sign-up', { data: { email, password: 'secret1' }, headers: { 'accept-language': 'vi' } });
  expect(r.status()).toBe(200);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/category/shuttle?lang=vi');
  // Money in Vietnamese: dots between thousands, the đồng sign after.
  await expect(page.locator('main')).toContainText(/\d{1,3}(\.\d{3})+\s₫/);
  await expect(page.locator('main')).not.toContainText('VND');
  await page.goto('/login?next=%2Fprofile');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('secret1');
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // The profile was made in the language it was first read in.
  const chosen = page.getByRole('combobox', { name: 'Ngôn ngữ ưa dùng' });
  await expect(chosen).toHaveValue('vi');
  expect(await sideways(page)).toBe(0);
  // Choosing English in the picker, signed in, changes the profile too.
  await page.getByRole('button', { name: 'Danh mục dịch vụ' }).click();
  await page.getByRole('combobox', { name: 'Ngôn ngữ giao diện' }).locator('visible=true').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: 'Preferred language' })).toHaveValue('en');
  // So a reset asked from anywhere is mailed in English.
  await request.post('/api/auth/send-password-reset', { data: { email }, headers: { 'accept-language': 'zh-TW' } });
  // The outbox sends within a second: the mailbox's page is read again until it shows.
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(page.getByText('Reset your password — Vietnam Travel Booking').first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  // Saved from the profile's form, the pages follow it back to Chinese.
  await page.goto('/profile');
  await page.getByRole('combobox', { name: 'Preferred language' }).selectOption('zh-TW');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await expect(page.getByRole('combobox', { name: '偏好語言' })).toHaveValue('zh-TW');
});

test('signing in on a new browser speaks the language the profile chose elsewhere', async ({ browser, request }) => {
  const email = `linh-new-${Date.now()}@example.com`;
  // Signed up and in on the Vietnamese pages, on another device: the profile keeps Vietnamese.
  const r = await request.post('/api/auth/sign-up', { data: { email, password: 'secret1' }, headers: { 'accept-language': 'vi' } });
  expect(r.status()).toBe(200);
  const { idToken } = (await r.json()).data as { idToken: string };
  const first = await request.post('/api/login', { headers: { 'authorization-firebase': idToken, 'accept-language': 'vi' } });
  expect(first.status()).toBe(200);
  // A new browser, where no language was chosen: the default pages, Chinese.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login?next=%2Fprofile');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant-TW');
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill('secret1');
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await page.context().close();
});

test('the massage page names therapists, their languages and skills in the reader’s language', async ({ page }) => {
  const han = (text: string) => (text.match(/[\u4e00-\u9fff]/g) ?? []).length;
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [lang, speaks, favourite] of [
    ['en', 'Vietnamese', 'Add to favourites: Duc'],
    ['vi', 'Tiếng Việt', 'Thêm vào yêu thích: Duc'],
  ] as const) {
    await page.goto(`/category/dragon-massage?lang=${lang}`);
    const duc = page.getByTestId('therapist-t-duc');
    await expect(duc).toContainText(speaks);
    await expect(duc.getByRole('button', { name: favourite })).toBeVisible();
    const cards = await page.locator('[data-testid^="therapist-t-"]').all();
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const card of cards) {
      const words = `${await card.innerText()} ${await card.getByRole('button').last().getAttribute('aria-label')}`;
      expect(han(words), `${lang}: ${words}`).toBe(0);
    }
    expect(await sideways(page)).toBe(0);
  }
});
