import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// One customer for the file (sign-ups per address are throttled).
const EMAIL = 'massage-e2e@example.com';
const PASSWORD = 'secret-123';
// A phone photo with a GPS position in its EXIF, made by `adapters::testing::jpeg_with_gps(800, 600, 1)`.
const PHOTO = new URL('./fixtures/hotel-gps.jpg', import.meta.url).pathname;

test.beforeAll(async ({ request }) => {
  const r = await request.post('/api/auth/sign-up', { data: { email: EMAIL, password: PASSWORD } });
  expect([200, 409]).toContain(r.status());
});

/** A slot two days ahead in Vietnam time, as the datetime field takes it. */
function dayAfterTomorrow(hour: string): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + 2 * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T${hour}`;
}

function hasExif(bytes: Buffer): boolean {
  return bytes.includes(Buffer.from('Exif\0\0', 'latin1'));
}

test('a customer favourites a therapist, books her with a hotel photo, and the kept photo has no EXIF', async ({ page }) => {
  expect(hasExif(readFileSync(PHOTO))).toBe(true);
  await page.goto('/login?next=/category/dragon-massage');
  await page.getByLabel('電子信箱').fill(EMAIL);
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/category\/dragon-massage$/);

  // The heart on 阿秋 Thu's card, kept by the server across a reload.
  const heart = page.getByTestId('therapist-t-thu').getByRole('button', { name: /加入我的最愛|從我的最愛移除/ });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  // The heart fills at once; the reload must wait for the server to keep it.
  const saved = page.waitForResponse((r) => r.url().endsWith('/SetFavoriteTherapists') && r.ok());
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await saved;
  await page.reload();
  await expect(page.getByTestId('therapist-t-thu').getByRole('button', { name: '從我的最愛移除：阿秋 Thu' })).toHaveAttribute('aria-pressed', 'true');
  // Favourites come first.
  await expect(page.locator('.therapist-card').first()).toHaveAttribute('data-testid', 'therapist-t-thu');

  await page.locator('.plan-card').first().getByRole('link', { name: '立即預訂' }).click();
  await expect(page).toHaveURL(/\/order\/massage\/step1/);
  await page.getByLabel('飯店名稱').fill('Rex Hotel');
  await page.getByLabel('飯店地址').fill('141 Nguyễn Huệ, Quận 1');
  await page.getByLabel('房號').fill('1203');
  await page.getByLabel(/開始時間/).fill(dayAfterTomorrow('20:00'));
  await page.getByRole('button', { name: '下一步' }).click();

  // Step2: the therapists free at 20:00, the favourite first; choose her.
  await expect(page).toHaveURL(/\/order\/massage\/step2$/);
  const first = page.locator('.therapist-picker .therapist-card').first();
  await expect(first).toHaveAttribute('data-testid', 'therapist-t-thu');
  await first.getByRole('button', { name: '選擇' }).click();
  await expect(first.getByRole('button', { name: '已選擇' })).toHaveAttribute('aria-pressed', 'true');

  // A photo over 10 MB is refused before it is sent.
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/hotel/images/upload')) uploads.push(r.url());
  });
  await page.getByTestId('hotel-photo-input').setInputFiles([
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
  ]);
  await expect(page.getByText('每張照片最大 10 MB')).toBeVisible();
  await expect(page.getByTestId('hotel-photo')).toHaveCount(0);
  expect(uploads).toEqual([]);

  // Two photos, one taken off again before confirming.
  await page.getByTestId('hotel-photo-input').setInputFiles([PHOTO]);
  await expect(page.getByTestId('hotel-photo')).toHaveCount(1);
  await page.getByTestId('hotel-photo-input').setInputFiles([PHOTO]);
  await expect(page.getByTestId('hotel-photo')).toHaveCount(2);
  await expect(page.getByTestId('hotel-photo').first().locator('img')).toHaveJSProperty('complete', true);
  await page.getByTestId('hotel-photo').nth(1).getByRole('button', { name: '移除' }).click();
  await expect(page.getByTestId('hotel-photo')).toHaveCount(1);

  await page.getByLabel('聯絡人姓名').fill('王小明');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByRole('button', { name: '下一步' }).click();

  await expect(page).toHaveURL(/\/order\/massage\/confirm$/);
  await expect(page.getByTestId('chosen-therapist')).toHaveText('阿秋 Thu');
  await expect(page.getByTestId('confirm-photo')).toHaveCount(1);
  await expect(page.getByTestId('confirm-photo').locator('img')).toBeVisible();

  // What the server kept: the order carries one image, a plain JPEG without EXIF.
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const headers = { 'authorization-firebase': token };
  const orderId = (await page.getByTestId('order-id').textContent()) ?? '';
  const order = await (await page.request.get(`/api/order/detail/${orderId}`, { headers })).json();
  expect(order.data.details.therapistId).toBe('t-thu');
  const ids: string[] = order.data.details.hotelImageIds;
  expect(ids).toHaveLength(1);
  const image = await page.request.get(`/api/plan/dragon-massage/hotel/images/${ids[0]}`, { headers });
  expect(image.status()).toBe(200);
  expect(image.headers()['x-content-type-options']).toBe('nosniff');
  const kept = await image.body();
  expect(kept.subarray(0, 2).toString('hex')).toBe('ffd8');
  expect(hasExif(kept)).toBe(false);
  // Nobody else gets it.
  expect((await page.request.get(`/api/plan/dragon-massage/hotel/images/${ids[0]}`)).status()).toBe(401);
});
