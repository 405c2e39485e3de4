import { expect, test, type Page } from '@playwright/test';

// One customer for the whole file (sign-ups per address are throttled); each test its own session.
const EMAIL = 'orders-e2e@example.com';
const PASSWORD = 'secret-123';

test.beforeAll(async ({ request }) => {
  const r = await request.post('/api/auth/sign-up', { data: { email: EMAIL, password: PASSWORD } });
  expect([200, 409]).toContain(r.status()); // 409: EMAIL_EXISTS, made by the other worker
});

/** A daytime slot two days ahead in Vietnam time, as the datetime field takes it. */
function dayAfterTomorrow(hour = '10:00'): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + 2 * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T${hour}`;
}

async function logIn(page: Page) {
  await page.getByLabel('電子信箱').fill(EMAIL);
  await page.getByLabel('密碼').fill(PASSWORD);
  await page.getByRole('button', { name: '登入' }).click();
}

async function total(page: Page) {
  return page.locator('.estimate-card [data-testid="total"]');
}

async function contactAndConfirm(page: Page, flow: string) {
  await expect(page).toHaveURL(new RegExp(`/order/${flow}/(.+/)?step2$`));
  await expect(page.getByRole('heading', { name: /加購與聯絡資料/ })).toBeVisible();
  await page.getByLabel('聯絡人姓名').fill('王小明');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${flow}/confirm$`));
  await expect(page.getByRole('heading', { name: /確認訂單/ })).toBeVisible();
  await expect(page.getByTestId('order-id')).toHaveText(/^BK\d{6}-/);
}

test('a signed-out visitor books a shuttle: live estimate, sign-in detour with the data kept, confirm', async ({ page }) => {
  await page.goto('/category/shuttle');
  await page.locator('.plan-card', { hasText: '新山一國際機場接送・4 人座轎車' }).getByRole('link', { name: '立即預訂' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/step1\?plan=shuttle-sgn-4$/);
  await expect(page.getByRole('heading', { name: '機場接送・填寫服務資料' })).toBeVisible();

  await page.getByLabel('航班編號').fill('vn 123');
  await page.getByLabel(/航班抵達時間/).fill(dayAfterTomorrow());
  await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
  await page.getByLabel('乘客人數').fill('5');
  await page.getByLabel('大型行李件數').fill('2');
  // The client checks the vehicle's seats as the server does.
  await page.getByLabel('航班編號').click();
  await expect(page.getByText('此方案最多 4', { exact: true })).toBeVisible();
  // It says the limit and offers the car that takes five, keeping what was typed.
  const bigger = page.getByTestId('bigger-plan');
  await expect(bigger).toContainText('最多可搭載 4 人');
  await bigger.getByRole('link', { name: /改選「.*7 人座.*」/ }).click();
  await expect(page).toHaveURL(/plan=shuttle-sgn-7$/);
  await expect(page.getByLabel('乘客人數')).toHaveValue('5');
  await expect(page.getByTestId('bigger-plan')).toHaveCount(0);
  await page.getByRole('combobox', { name: '方案' }).selectOption('shuttle-sgn-4');
  await page.getByLabel('乘客人數').fill('3');
  // The server prices it: the 4-seat car.
  await expect(await total(page)).toHaveText('VND 380,000');

  // A reload keeps the draft.
  await page.reload();
  await expect(page.getByLabel('航班編號')).toHaveValue('vn 123');
  await expect(await total(page)).toHaveText('VND 380,000');

  await expect(page.getByText('請先登入，登入後會回到這一步')).toBeVisible();
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await logIn(page);
  await expect(page).toHaveURL(/\/order\/shuttle\/step1\?plan=shuttle-sgn-4$/);
  await expect(page.getByLabel('飯店名稱或地址')).toHaveValue('Caravelle Saigon');
  await expect(page.getByLabel('乘客人數')).toHaveValue('3');
  await page.getByRole('button', { name: '下一步' }).click();

  // Step2 sells the extras: a child seat, priced again by the server.
  await page.getByLabel('兒童安全座椅').fill('1');
  await expect(await total(page)).toHaveText('VND 480,000');
  await contactAndConfirm(page, 'shuttle');
  await expect(page.locator('.breakdown-total')).toHaveText('VND 480,000');
  await expect(page.getByText('2 件', { exact: false })).toHaveCount(0);
  await expect(page.getByText('VN123')).toBeVisible();
  await expect(page.locator('.summary')).toContainText('接機（機場 → 飯店）');
  await expect(page.locator('.summary')).toContainText(`${dayAfterTomorrow().replace('T', ' ').replace(/-/g, '/')}（越南時間 UTC+7）`);
  await expect(page.getByRole('link', { name: /前往付款/ })).toHaveAttribute('href', /^\/payment\?order=BK/);
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/login');
    await logIn(page);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('charter with a Chinese-speaking driver and extra hours', async ({ page }) => {
    await page.goto('/order/charter/step1?plan=charter-sgn-city-4h');
    await page.getByLabel(/開始時間/).fill(dayAfterTomorrow('09:00'));
    await page.getByLabel('上車地點').fill('Park Hyatt Saigon');
    await page.getByLabel('乘客人數').fill('3');
    await expect(await total(page)).toHaveText('VND 1,200,000');
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('延長時數').fill('2');
    await page.getByLabel('司機語言').selectOption('zh');
    await expect(await total(page)).toHaveText('VND 2,000,000');
    await contactAndConfirm(page, 'charter');
    await expect(page.locator('.breakdown-total')).toHaveText('VND 2,000,000');
    await expect(page.locator('.breakdown')).toContainText('中文司機');
  });

  test('escort for a group, tied to its plan', async ({ page }) => {
    await page.goto('/category/escort');
    await page.locator('.plan-card').first().getByRole('link', { name: '立即預訂' }).click();
    await expect(page).toHaveURL(/\/order\/escort\/[a-z0-9-]+\/step1$/);
    await page.getByLabel(/開始時間/).fill(dayAfterTomorrow('14:00'));
    await page.getByLabel('集合地點').fill('Rex Hotel 大廳');
    await page.getByLabel('人數').fill('4');
    // Two people beyond the two the rate covers.
    await expect(page.locator('.estimate-card .breakdown')).toContainText('加人費');
    const shown = await (await total(page)).textContent();
    await page.getByRole('button', { name: '下一步' }).click();
    await contactAndConfirm(page, 'escort');
    await expect(page.locator('.breakdown-total')).toHaveText(shown ?? '');
  });

  test('massage for two at night', async ({ page }) => {
    await page.goto('/order/massage/step1?plan=massage-classic');
    await page.getByLabel('飯店名稱').fill('Rex Hotel');
    await page.getByLabel('飯店地址').fill('141 Nguyễn Huệ, Quận 1');
    await page.getByLabel('房號').fill('1203');
    await page.getByLabel(/開始時間/).fill(dayAfterTomorrow('23:30'));
    await page.getByLabel('時數').selectOption('90');
    await page.getByLabel('人數').fill('2');
    // 90 minutes 750,000, a second therapist the same, 20% night surcharge on the rate.
    await expect(await total(page)).toHaveText('VND 1,650,000');
    await page.getByRole('button', { name: '下一步' }).click();
    await contactAndConfirm(page, 'massage');
    await expect(page.locator('.breakdown-total')).toHaveText('VND 1,650,000');
  });
});
