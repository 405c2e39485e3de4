import { createHmac } from 'node:crypto';
import { vnpayOrigin } from '../playwright.config';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { booking } from './server-cli';
import { logInTo } from './sign-in';

// One customer for the file (sign-ups per address are throttled); tests run one after another,
// since they share the wallet.
const EMAIL = 'payments-e2e@example.com';
const PASSWORD = 'secret-123';
// The dev server's bank-notice secret (APP_BANK_WEBHOOK_SECRET's dev default), and the VNPay
// secret playwright.config.ts gives the server.
const BANK_SECRET = 'dev-bank-secret';
const VNPAY_SECRET = 'e2e-vnpay-secret';
// The staff's password the admin command is given.
const STAFF_PASSWORD = 'a-long-operator-pass';

/** VNPay's signature: HMAC-SHA512 over the sorted, form-encoded parameters. */
function vnpaySignature(params: [string, string][]): string {
  const text = new URLSearchParams([...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  return createHmac('sha512', VNPAY_SECRET).update(text).digest('hex');
}

test.describe.configure({ mode: 'serial' });

let token = '';

test.beforeAll(async ({ request }) => {
  const r = await request.post('/api/auth/sign-up', { data: { email: EMAIL, password: PASSWORD } });
  expect(r.status()).toBe(200);
  token = (await r.json()).data.idToken;
});

function dayAfterTomorrow(hour = '10:00'): string {
  const vn = new Date(Date.now() + 7 * 3600_000 + 2 * 86400_000);
  return `${vn.toISOString().slice(0, 10)}T${hour}`;
}

function logIn(page: Page, next: string) {
  return logInTo(page, next, EMAIL, PASSWORD);
}

/** How many GA4 purchase events the page has pushed. */
async function purchases(page: Page): Promise<number> {
  return page.evaluate(
    () => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'purchase').length,
  );
}

/** A shuttle order waiting for payment, made over the API (480,000 VND). */
async function pendingOrder(request: APIRequestContext): Promise<string> {
  const r = await request.post('/api/plan/shuttle/shuttle-sgn-4/order', {
    headers: { 'authorization-firebase': token },
    data: {
      details: {
        direction: 'pick-up',
        flightNumber: 'VN123',
        start: dayAfterTomorrow(),
        address: 'Rex Hotel',
        passengers: 2,
        luggage: 2,
        childSeats: 1,
      },
      contact: { name: '王小明', phoneCountryCode: '+886', phoneNumber: '912345678' },
    },
  });
  expect(r.status()).toBe(201);
  return (await r.json()).data.id;
}

test('top up with the dev provider, book a shuttle, pay with v-coin, see it paid; the purchase is reported once', async ({ page }) => {
  await logIn(page, '/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText('VND 0');
  await page.getByRole('button', { name: 'VND 1,000,000' }).click();
  await page.getByLabel('測試付款（開發環境）').check();
  await page.getByRole('button', { name: '儲值', exact: true }).click();
  await expect(page.getByText('已儲值 VND 1,000,000')).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('VND 1,000,000');
  await expect(page.getByTestId('ledger')).toContainText('+VND 1,000,000');

  // Book through the pages, as a customer does.
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await page.getByLabel('航班編號').fill('VN123');
  await page.getByLabel(/航班抵達時間/).fill(dayAfterTomorrow());
  await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
  await page.getByLabel('乘客人數').fill('2');
  await page.getByLabel('大型行李件數').fill('2');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('聯絡人姓名').fill('王小明');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/confirm$/);
  const orderId = (await page.getByTestId('order-id').textContent()) ?? '';
  await page.getByRole('link', { name: /前往付款/ }).click();

  await expect(page).toHaveURL(/\/payment\?order=BK/);
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  await expect(page.getByLabel(/^V 幣/)).toBeChecked();
  await page.getByRole('button', { name: '確認付款（VND 380,000）' }).click();

  await expect(page).toHaveURL(/\/payment-complete\?/);
  await expect(page.getByTestId('result')).toContainText('付款成功');
  await expect(page.getByTestId('order-state')).toHaveText('已付款');
  await expect.poll(() => purchases(page)).toBe(1);
  const event = await page.evaluate(
    () => (window as unknown as { dataLayer: { event?: string; ecommerce?: unknown }[] }).dataLayer.find((e) => e.event === 'purchase')?.ecommerce,
  );
  expect(event).toEqual({
    transaction_id: orderId,
    value: 380000,
    currency: 'VND',
    items: [{ item_id: 'shuttle-sgn-4', item_name: expect.stringContaining('新山一') as unknown as string, item_category: 'shuttle', price: 380000, quantity: 1 }],
  });
  // A reload shows the same result and reports nothing again.
  await page.reload();
  await expect(page.getByTestId('order-state')).toHaveText('已付款');
  expect(await purchases(page)).toBe(0);

  await page.getByRole('link', { name: '查看我的訂單' }).click();
  const row = page.locator(`[data-order="${orderId}"]`);
  await expect(row.getByTestId('state')).toHaveText('已付款');
  await page.goto('/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText('VND 620,000');
  await expect(page.getByTestId('ledger')).toContainText('-VND 380,000');
});

test('a VietQR transfer shows its QR and is confirmed by the bank notice', async ({ page, request }) => {
  const orderId = await pendingOrder(request);
  await logIn(page, `/payment?order=${orderId}`);
  await page.getByLabel(/^銀行轉帳（VietQR）/).check();
  await page.getByRole('button', { name: '確認付款（VND 480,000）' }).click();
  const transfer = page.getByTestId('transfer');
  await expect(transfer).toContainText('VND 480,000');
  const memo = (await page.getByTestId('memo').textContent()) ?? '';
  expect(memo).toBe(orderId.replace('-', '').toUpperCase());
  await expect(page.locator('img.qr')).toHaveAttribute('data-payload', new RegExp(`^000201010212.*${memo}6304[0-9A-F]{4}$`));
  // A reload shows the same transfer at once, not the methods again.
  await page.reload();
  await expect(page.getByTestId('memo')).toHaveText(memo);
  await expect(page.getByRole('button', { name: /確認付款/ })).toHaveCount(0);

  // The bank tells the server; the page, asking every few seconds, moves on by itself.
  const body = JSON.stringify({ transactionId: `FT${Date.now()}`, amount: 480000, description: `MBVCB.1.${memo}.CT tu 0123` });
  const r = await request.post('/api/payment/vietqr/notify', {
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', BANK_SECRET).update(body).digest('hex') },
    data: body,
  });
  expect((await r.json()).data.outcome).toBe('PAID');
  await expect(page).toHaveURL(/\/payment-complete\?/, { timeout: 10_000 });
  await expect(page.getByTestId('result')).toContainText('付款成功');
  await expect(page.getByTestId('order-state')).toHaveText('已付款');
  await expect.poll(() => purchases(page)).toBe(1);
});

test('the payment pages with nothing to show lead to the orders and the home page', async ({ page }) => {
  await logIn(page, '/payment-complete');
  await expect(page.getByRole('alert')).toHaveText('這個網址沒有要確認的付款。');
  await expect(page.getByRole('link', { name: '回到首頁' })).toBeVisible();
  await page.goto('/payment');
  await expect(page.getByRole('alert')).toHaveText('找不到要付款的訂單。');
  await page.getByRole('link', { name: '查看我的訂單' }).click();
  await expect(page).toHaveURL(/\/member\/order$/);
});

/** Stands in for VNPay's page, which cannot be reached from here: checks the signature of what the
 * server sent, then sends the customer back as VNPay does after a successful payment. Gives what
 * the page was asked, once it was. */
async function vnpayPage(page: Page): Promise<() => URL | undefined> {
  let asked: URL | undefined;
  await page.route('https://sandbox.vnpayment.vn/**', async (route) => {
    asked = new URL(route.request().url());
    const sent = [...asked.searchParams].filter(([k]) => k !== 'vnp_SecureHash');
    expect(asked.searchParams.get('vnp_SecureHash')).toBe(vnpaySignature(sent));
    const answer: [string, string][] = [
      ['vnp_Amount', asked.searchParams.get('vnp_Amount') ?? ''],
      ['vnp_BankCode', 'NCB'],
      ['vnp_OrderInfo', asked.searchParams.get('vnp_OrderInfo') ?? ''],
      ['vnp_PayDate', asked.searchParams.get('vnp_CreateDate') ?? ''],
      ['vnp_ResponseCode', '00'],
      ['vnp_TmnCode', asked.searchParams.get('vnp_TmnCode') ?? ''],
      ['vnp_TransactionNo', '14226112'],
      ['vnp_TransactionStatus', '00'],
      ['vnp_TxnRef', asked.searchParams.get('vnp_TxnRef') ?? ''],
    ];
    const back = new URL(asked.searchParams.get('vnp_ReturnUrl') ?? '');
    back.search = `${new URLSearchParams(answer)}&vnp_SecureHash=${vnpaySignature(answer)}`;
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  return () => asked;
}

test('VNPay: off to VNPay and back; the return is verified and the order paid', async ({ page, request }) => {
  const orderId = await pendingOrder(request);
  const vnpay = await vnpayPage(page);
  const asked = () => vnpay();

  await logIn(page, `/payment?order=${orderId}`);
  await page.getByLabel(/^VNPay/).check();
  await page.getByRole('button', { name: '確認付款（VND 480,000）' }).click();
  await expect(page).toHaveURL(/\/payment-complete\?vnp_Amount=48000000&/);
  expect(asked()?.searchParams.get('vnp_Amount')).toBe('48000000');
  expect(asked()?.searchParams.get('vnp_TmnCode')).toBe('E2ETMN01');
  await expect(page.getByTestId('result')).toContainText('付款成功');
  await expect(page.getByTestId('order-id')).toHaveText(orderId);
  await expect(page.getByTestId('order-state')).toHaveText('已付款');
  await expect.poll(() => purchases(page)).toBe(1);
});

test('VNPay: a paid order cancelled back to VNPay; the refund is asked of VNPay once and shown done', async ({ page, request }) => {
  const orderId = await pendingOrder(request);
  const vnpay = await vnpayPage(page);
  await logIn(page, `/payment?order=${orderId}`);
  await page.getByLabel(/^VNPay/).check();
  await page.getByRole('button', { name: '確認付款（VND 480,000）' }).click();
  await expect(page.getByTestId('order-state')).toHaveText('已付款');
  const txn = vnpay()?.searchParams.get('vnp_TxnRef') ?? '';
  // VNPay settled that payment: its refund call knows it.
  expect((await request.post(`${vnpayOrigin}/__test/paid`, { data: { txn } })).status()).toBe(200);

  await page.goto('/member/v-coin');
  // Read once it is loaded: the page says 載入中… first.
  await expect(page.getByTestId('balance')).toHaveText(/\d/);
  const before = await page.getByTestId('balance').textContent();
  await page.goto(`/member/order?id=${orderId}`);
  await page.getByRole('button', { name: '取消訂單' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('cancel-quote')).toContainText('將退回 VND 480,000');
  // V-coin is chosen first; back to VNPay says how long it takes.
  await expect(dialog.getByLabel('立即退回 V 幣錢包')).toBeChecked();
  await dialog.getByLabel('退回原付款方式').check();
  await expect(dialog).toContainText('3 至 7 個工作天');
  await page.screenshot({ path: 'test-results/refund-choice.png' });
  await dialog.getByRole('button', { name: '確定取消' }).click();
  await expect(page.getByRole('status').filter({ hasText: '將退回原付款方式' })).toBeVisible();

  const refunds = page.getByTestId('refunds');
  await expect(refunds).toContainText('VNPay · VND 480,000');
  // The worker asks VNPay within a beat or two; the page follows the order's live events.
  await expect(refunds).toContainText('VNPay 已受理', { timeout: 15_000 });
  await page.screenshot({ path: 'test-results/refund-done.png', fullPage: true });
  const asked = (await (await request.get(`${vnpayOrigin}/__test/asked`)).json()) as { txn: string; type: string; amount: string }[];
  expect(asked.filter((a) => a.txn === txn)).toEqual([expect.objectContaining({ type: '02', amount: '48000000' })]);
  // Nothing went to the wallet.
  await page.goto('/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText(before ?? '');
});

test('a transfer-paid order cancelled back to the bank: the customer gives the account, staff transfer and close it, the customer sees the reference', async ({ browser, page, request }) => {
  const operator = `refund-ops-${Date.now()}-${process.pid}@ops.example`;
  booking(['admin', 'create-operator', '--email', operator, '--role', 'operator'], `${STAFF_PASSWORD}\n`);
  const orderId = await pendingOrder(request);
  const paid = await request.post(`/api/plan/shuttle/order/${orderId}/payment`, {
    headers: { 'authorization-firebase': token, 'idempotency-key': `qr-${orderId}` },
    data: { method: 'VIETQR' },
  });
  const memo = (await paid.json()).data.transfer.memo as string;
  const body = JSON.stringify({ transactionId: `FT${Date.now()}`, amount: 480000, description: memo });
  const notice = await request.post('/api/payment/vietqr/notify', {
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', BANK_SECRET).update(body).digest('hex') },
    data: body,
  });
  expect((await notice.json()).data.outcome).toBe('PAID');

  // On a phone, the customer asks for it back to the bank and gives the account.
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, `/member/order?id=${orderId}`);
  await page.getByRole('button', { name: '取消訂單' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('退回原付款方式').check();
  await expect(dialog).toContainText('請填寫收款帳戶');
  // Without the account, the server says what is missing and nothing is cancelled.
  await dialog.getByRole('button', { name: '確定取消' }).click();
  await expect(page.getByRole('status').filter({ hasText: '退回銀行轉帳需要您的收款帳戶' })).toBeVisible();
  await page.getByRole('button', { name: '取消訂單' }).click();
  await dialog.getByLabel('退回原付款方式').check();
  await dialog.getByLabel('銀行名稱').fill('Vietcombank');
  await dialog.getByLabel('帳號').fill('0071 0001 23456');
  await dialog.getByLabel('戶名').fill('WANG XIAO MING');
  await page.screenshot({ path: test.info().outputPath('refund-bank-phone.png') });
  await dialog.getByRole('button', { name: '確定取消' }).click();
  const refunds = page.getByTestId('refunds');
  await expect(refunds).toContainText('銀行轉帳 Vietcombank 0071000123456');
  await expect(refunds).toContainText('客服將轉帳至您的帳戶');

  // Staff see it among the refunds to make, transfer, and close it with the bank's reference.
  const ops = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInTo(ops, '/ops/refunds', operator, STAFF_PASSWORD);
  const row = ops.locator(`tr[data-order="${orderId}"]`);
  await expect(row).toContainText('Vietcombank 0071000123456（WANG XIAO MING）');
  await expect(row).toContainText('VND 480,000');
  await ops.screenshot({ path: test.info().outputPath('console-refunds.png'), fullPage: true });
  await row.getByLabel('銀行交易編號').fill('FT26113400981');
  await row.getByRole('button', { name: '已退款' }).click();
  await expect(row).toHaveCount(0);

  // The customer's page follows: transferred, with the reference.
  await expect(refunds).toContainText('銀行交易編號 FT26113400981');
});

/** Step2's contact, then confirm; the new order's id. */
async function contactAndConfirm(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/order\/shuttle\/step2$/);
  await page.getByLabel('聯絡人姓名').fill('王小明');
  await page.getByLabel('手機號碼').fill('0912 345 678');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/confirm$/);
  await expect(page.getByTestId('order-id')).toHaveText(/^BK/);
  return (await page.getByTestId('order-id').textContent()) ?? '';
}

/** The catalogue's 「立即預訂」 on the 4-seat Tan Son Nhat shuttle. */
async function bookFromCategory(page: Page) {
  await page.goto('/category/shuttle');
  await page.locator('.plan-card', { hasText: '新山一國際機場接送・4 人座轎車' }).getByRole('link', { name: '立即預訂' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/step1\?plan=shuttle-sgn-4$/);
}

test('a second booking of the same plan is a new order; the first keeps its open transfer', async ({ page }) => {
  await logIn(page, '/profile');
  // The pick-up, through the pages, with a VietQR transfer opened for it.
  await bookFromCategory(page);
  await page.getByLabel('航班編號').fill('VN123');
  await page.getByLabel(/航班抵達時間/).fill(dayAfterTomorrow());
  await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
  await page.getByRole('button', { name: '下一步' }).click();
  const pickUp = await contactAndConfirm(page);
  await page.getByRole('link', { name: /前往付款/ }).click();
  await page.getByLabel(/^銀行轉帳（VietQR）/).check();
  await page.getByRole('button', { name: /確認付款/ }).click();
  await expect(page.getByTestId('transfer')).toContainText('VND 380,000');
  const memo = (await page.getByTestId('memo').textContent()) ?? '';

  // Back on step1 of that booking: it says the order is fixed now, and offers a new booking.
  await page.goto('/order/shuttle/step1?plan=shuttle-sgn-4');
  await expect(page.getByTestId('editing-order')).toContainText('已開始付款，服務內容與金額不能再改');
  await expect(page.getByLabel('航班編號')).toHaveValue('VN123');

  // The drop-off, from the catalogue: an empty form, a word about the pick-up, and a new order.
  await bookFromCategory(page);
  await expect(page.getByLabel('航班編號')).toHaveValue('');
  await expect(page.getByTestId('earlier-order')).toContainText(pickUp);
  await page.getByLabel('服務類型').selectOption('drop-off');
  await page.getByLabel('航班編號').fill('VN456');
  await page.getByLabel('航班起飛時間').fill(dayAfterTomorrow('18:00'));
  await page.getByLabel('飯店名稱或地址').fill('Caravelle Saigon');
  await page.getByRole('button', { name: '下一步' }).click();
  const dropOff = await contactAndConfirm(page);
  expect(dropOff).not.toBe(pickUp);

  // Both are the customer's, each as booked; the pick-up's transfer still pays the pick-up.
  await page.goto(`/member/order?id=${pickUp}`);
  await expect(page.locator('.summary').first()).toContainText('接機（機場 → 飯店）');
  await expect(page.locator('.summary').first()).toContainText('VN123');
  await page.goto(`/member/order?id=${dropOff}`);
  await expect(page.locator('.summary').first()).toContainText('送機（飯店 → 機場）');
  const body = JSON.stringify({ transactionId: `FT${Date.now()}`, amount: 380000, description: memo });
  const r = await page.request.post('/api/payment/vietqr/notify', {
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', BANK_SECRET).update(body).digest('hex') },
    data: body,
  });
  expect((await r.json()).data.outcome).toBe('PAID');
  const detail = (id: string) => page.request.get(`/api/order/detail/${id}`, { headers: { 'authorization-firebase': token } });
  expect((await (await detail(pickUp)).json()).data.state).toBe('PAID');
  expect((await (await detail(dropOff)).json()).data.state).toBe('PENDING_PAYMENT');

  // Going back to the unpaid drop-off is the customer's choice, from a new booking's step1.
  await bookFromCategory(page);
  await page.getByTestId('earlier-order').getByRole('button', { name: '繼續那筆預訂' }).click();
  await expect(page).toHaveURL(/\/order\/shuttle\/confirm$/);
  await expect(page.getByTestId('order-id')).toHaveText(dropOff);
});

test('with a transfer open, the customer pays with v-coin instead; the late transfer comes back as v-coin', async ({ page, request }) => {
  const orderId = await pendingOrder(request);
  await logIn(page, `/payment?order=${orderId}`);
  await page.getByLabel(/^銀行轉帳（VietQR）/).check();
  await page.getByRole('button', { name: '確認付款（VND 480,000）' }).click();
  const memo = (await page.getByTestId('memo').textContent()) ?? '';
  await page.getByRole('button', { name: '改用其他付款方式' }).click();
  await expect(page.getByTestId('transfer-still-open')).toContainText('全數存入您的 v 幣錢包');
  await expect(page.getByLabel(/^銀行轉帳（VietQR）/)).toHaveCount(0);
  await expect(page.getByLabel(/^V 幣/)).toBeChecked();
  await page.getByRole('button', { name: '確認付款（VND 480,000）' }).click();
  await expect(page).toHaveURL(/\/payment-complete\?/);
  await expect(page.getByTestId('order-state')).toHaveText('已付款');

  // The customer had transferred as well: the bank's notice credits the wallet.
  const body = JSON.stringify({ transactionId: `FT${Date.now()}`, amount: 480000, description: memo });
  const r = await request.post('/api/payment/vietqr/notify', {
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', BANK_SECRET).update(body).digest('hex') },
    data: body,
  });
  expect((await r.json()).data.outcome).toBe('CREDITED');
  await page.goto('/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText('VND 620,000');
});

// Last in the file: it leaves the shared wallet fuller than the tests above expect it.
test('a paid order changed on a phone: a second child seat paid from the wallet, then none, the difference back', async ({ page, request }) => {
  const orderId = await pendingOrder(request);
  const headers = { 'authorization-firebase': token };
  const topUp = await request.post('/api/v-coin/top-up', { headers: { ...headers, 'idempotency-key': `top-${orderId}` }, data: { amountVnd: 1_000_000, method: 'DEV' } });
  expect(topUp.status()).toBe(200);
  const paid = await request.post(`/api/plan/shuttle/order/${orderId}/payment`, { headers: { ...headers, 'idempotency-key': `pay-${orderId}` }, data: { method: 'VCOIN' } });
  expect(paid.status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, '/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText(/\d/);
  const before = Number(((await page.getByTestId('balance').textContent()) ?? '').replace(/\D/g, ''));
  await page.goto(`/member/order?id=${orderId}`);
  const card = page.getByTestId('change');
  await expect(card).toContainText('（越南時間）前可變更');
  await card.getByRole('button', { name: '變更時間或內容' }).click();
  await card.getByLabel('兒童安全座椅').fill('2');
  await expect(card.getByTestId('change-price')).toHaveText('原價 VND 480,000，變更後 VND 580,000：需補 VND 100,000。');
  await page.screenshot({ path: test.info().outputPath('change-more-phone.png'), fullPage: true });
  await card.getByRole('button', { name: '確認變更' }).click();
  await expect(page.getByRole('status').filter({ hasText: '訂單已變更' })).toBeVisible();
  await expect(page.getByTestId('timeline')).toContainText('變更預約，價格 VND 480,000 → VND 580,000');
  await expect(page.locator('.estimate-card')).toContainText('VND 580,000');

  // None at all: 200,000 back to the wallet at once (paid in v-coin: no other way back to offer).
  await card.getByRole('button', { name: '變更時間或內容' }).click();
  await card.getByLabel('兒童安全座椅').fill('0');
  await expect(card.getByTestId('change-price')).toHaveText('原價 VND 580,000，變更後 VND 380,000：將退回 VND 200,000。');
  await expect(card.getByTestId('refund-choice')).toHaveCount(0);
  await card.getByRole('button', { name: '確認變更' }).click();
  await expect(page.getByTestId('timeline')).toContainText('VND 580,000 → VND 380,000');
  await page.goto('/member/v-coin');
  await expect(page.getByTestId('balance')).toHaveText(`VND ${(before + 100_000).toLocaleString('en-US')}`);
});
