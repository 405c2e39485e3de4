import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createGrpcWebTransport } from '@connectrpc/connect-web';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { JobDispatchService, JobStepService } from '../src/gen/booking/v1/job_pb';
import { JobStatus } from '../src/gen/booking/v1/partner_pb';
import { aeroOrigin, partnerPushOrigin, tilesOrigin } from '../playwright.config';
import { qrVideo } from './camera';
import { liveGps, type Point } from './gps';
import { pushReceiver } from './push';
import { booking, dataDir } from './server-cli';
import { logInTo } from './sign-in';

// Dispatch to partners through the console, against the real server: an admin invites a driver,
// who sets a password from the mail; an operator offers a paid order's job to them; the driver
// accepts through the partner API (gRPC-Web, as the partner app calls it); the order shows them
// live; an admin turns the driver off and the job is back on the board to dispatch again.

const STAFF_PASSWORD = 'a-long-operator-pass';
// A phone photo, made by `adapters::testing::jpeg_with_gps(800, 600, 1)`.
const PHOTO = new URL('./fixtures/hotel-gps.jpg', import.meta.url).pathname;
// Each worker loads this file and makes its own staff: the process id keeps their addresses apart.
const ADMIN = `mai-${Date.now()}-${process.pid}@ops.example`;
const OPERATOR = `tuan-${Date.now()}-${process.pid}@ops.example`;

// With every test its own unit of work, a worker may come back to this file after others and run
// `beforeAll` again with the module (and these addresses) already loaded: the staff are made once.
let staffMade = false;
test.beforeAll(() => {
  if (staffMade) return;
  booking(['admin', 'create-operator', '--email', ADMIN], `${STAFF_PASSWORD}\n`);
  booking(['admin', 'create-operator', '--email', OPERATOR, '--role', 'operator'], `${STAFF_PASSWORD}\n`);
  staffMade = true;
});

/** Serious or critical axe findings on the page as it stands. */
async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`);
}

async function staffPage(browser: Browser, email: string, next: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInTo(page, next, email, STAFF_PASSWORD);
  await expect(page.getByTestId('live-state')).toHaveText('即時更新中');
  return page;
}

/**
 * Moves an order's service (and its job) to half an hour ago, as if its time had come: a driver
 * sets off at most 3 hours ahead, and an order completes once its time has passed. Python's
 * sqlite3 writes the test database.
 */
function timeHasCome(id: string): void {
  const script = [
    'import json, sqlite3, sys',
    'from datetime import datetime, timedelta, timezone',
    'db = sqlite3.connect(sys.argv[1], timeout=10)',
    'soon = datetime.now(timezone.utc) - timedelta(minutes=30)',
    "row = db.execute('select details from orders where id = ?', (sys.argv[2],)).fetchone()",
    'details = json.loads(row[0])',
    "details['start'] = (soon + timedelta(hours=7)).strftime('%Y-%m-%dT%H:%M')",
    'at = int(soon.timestamp() * 1000)',
    "db.execute('update orders set details = ?, start_at_ms = ? where id = ?', (json.dumps(details, ensure_ascii=False), at, sys.argv[2]))",
    "db.execute('update jobs set start_at_ms = ? where order_id = ?', (at, sys.argv[2]))",
    // The driver's time was held for the booked time, which no longer is the job's.
    "db.execute('delete from partner_holds where order_id = ?', (sys.argv[2],))",
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, join(dataDir(), 'e2e.db'), id]);
}

/** Moves a job's start and its steps `minutes` back, as if the partner had arrived that long ago. */
function waitedOut(id: string, minutes: number): void {
  const script = [
    'import sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1], timeout=10)',
    'back = int(sys.argv[3]) * 60000',
    "db.execute('update job_steps set at_ms = at_ms - ? where order_id = ?', (back, sys.argv[2]))",
    "db.execute('update jobs set start_at_ms = start_at_ms - ? where order_id = ?', (back, sys.argv[2]))",
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, join(dataDir(), 'e2e.db'), id, String(minutes)]);
}

/** Moves every partner's earnings a week back, as if earned last week (a week is paid once over). */
function lastWeek(): void {
  const script = [
    'import sqlite3, sys',
    'from datetime import datetime, timedelta',
    'db = sqlite3.connect(sys.argv[1], timeout=10)',
    "for key, at, week in db.execute('select entry_key, at_ms, week from partner_earnings').fetchall():",
    "    back = (datetime.strptime(week, '%Y-%m-%d') - timedelta(days=7)).strftime('%Y-%m-%d')",
    "    db.execute('update partner_earnings set at_ms = ?, week = ? where entry_key = ?', (at - 7 * 86400000, back, key))",
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, join(dataDir(), 'e2e.db')]);
}

/**
 * Invites a partner from the partners screen (`fill`: the fields of their kind, chosen before)
 * and sets their password from the mail, which is in Vietnamese (a partner's first language).
 */
async function invite(browser: Browser, admin: Page, email: string, name: string, fill: (form: Locator) => Promise<void>): Promise<void> {
  const form = admin.getByTestId('partner-invite');
  await form.getByLabel('信箱（用來登入夥伴 App）').fill(email);
  // The field takes no more than the server's 40 characters, as the server says it.
  await expect(form.getByLabel('姓名')).toHaveAttribute('maxlength', '40');
  await form.getByLabel('姓名').fill(name);
  await form.getByLabel('手機號碼').fill('901 234 567');
  await form.getByLabel('中文').check();
  await fill(form);
  await form.getByRole('button', { name: '邀請服務夥伴' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(admin.getByTestId('partners').locator(`[data-partner="${name}"]`)).toBeVisible();
  const page = await (await browser.newContext()).newPage();
  const mail = page.locator('tr', { hasText: email }).filter({ hasText: 'Mời bạn trở thành đối tác phục vụ' }).first();
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await mail.getByRole('link').click();
  // One password rule, said the same in the mail and on the page: at least 12 characters.
  await expect(page.locator('body')).toContainText('ít nhất 12 ký tự');
  await page.locator('a.mail-link').click();
  const password = page.getByLabel('新密碼');
  await expect(page.getByText('至少 12 個字元', { exact: true })).toBeVisible();
  await password.fill('seven77');
  await page.getByRole('button', { name: '設定新密碼' }).click();
  await expect(page.getByText('密碼至少需要 12 個字元')).toBeVisible();
  await password.fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '設定新密碼' }).click();
  await expect(page.getByText('密碼已重設')).toBeVisible();
  // On to sign in, and from there into the partner app the invitation was for.
  await page.getByRole('link', { name: '繼續' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fpartner$/);
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '登入' }).click();
  await expect(page).toHaveURL(/\/partner$/);
  // On the traveller's site, the header leads back to the app, on a phone without scrolling sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await page.getByTestId('work-link').click();
  await expect(page).toHaveURL(/\/partner$/);
  await page.context().close();
}

/** The invitation form's fields for a driver: their car, its plate and seats. */
function driverFields(car: string, plate: string, seats: number, home?: string) {
  return async (form: Locator) => {
    await form.getByLabel('車款與顏色').fill(car);
    await form.getByLabel('車牌').fill(plate);
    await form.getByLabel('乘客座位數').fill(String(seats));
    if (home) await form.getByLabel('常駐城市').selectOption({ label: home });
  };
}

/** A partner's phone (360 px, in Vietnamese) signed in to the partner app. */
async function partnerPhone(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'vi-VN', ...options })).newPage();
  await phone.goto('/login?next=%2Fpartner');
  await phone.getByLabel('Email').fill(email);
  await phone.getByLabel('Mật khẩu').fill(STAFF_PASSWORD);
  await phone.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(phone).toHaveURL(/\/partner$/);
  return phone;
}

/** A partner's phone at `at`, sharing its position, with a GPS that keeps fixing there (`gps.moveTo`). */
async function partnerPhoneAt(browser: Browser, email: string, at: Point) {
  const phone = await partnerPhone(browser, email, { geolocation: at, permissions: ['geolocation'] });
  return { phone, gps: liveGps(phone.context(), at) };
}

/** A new traveller: their email, token, and `post` (JSON as them, each call its own idempotency key). */
async function traveller(request: APIRequestContext) {
  const email = `ha-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signUp = await request.post('/api/auth/sign-up', { data: { email, password: 'secret-123' } });
  const token = (await signUp.json()).data.idToken as string;
  const post = async (path: string, data: object) => {
    const r = await request.post(path, { headers: { 'authorization-firebase': token, 'idempotency-key': `${Math.random()}` }, data });
    expect(r.status(), `${path}: ${await r.text()}`).toBeLessThan(300);
    return (await r.json()).data;
  };
  return { email, token, post };
}

/** A shuttle for two, `days` ahead at 10:00 Vietnam time, paid with v-coin: its id. */
async function paidShuttle(request: APIRequestContext, days: number): Promise<{ id: string; email: string }> {
  const { email, post } = await traveller(request);
  await post('/api/v-coin/top-up', { amountVnd: 1_000_000, method: 'DEV' });
  const vn = new Date(Date.now() + 7 * 3600_000 + days * 86_400_000);
  const order = await post('/api/plan/shuttle/shuttle-sgn-4/order', {
    details: { direction: 'pick-up', flightNumber: 'VN123', start: `${vn.toISOString().slice(0, 10)}T10:00`, address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 },
    contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
  });
  await post(`/api/plan/shuttle/order/${order.id}/payment`, { method: 'VCOIN' });
  return { id: order.id as string, email };
}

test('an admin invites a driver; an operator offers a paid job, the driver takes it, and disabling the driver puts it back on the board', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The invitation, from the partners screen.
  const admin = await staffPage(browser, ADMIN, '/ops/partners');
  const email = `minh-${Date.now()}@partners.example`;
  await invite(browser, admin, email, 'Nguyễn Văn Minh', driverFields('white Toyota Innova', '51A-123.45', 7, '胡志明市'));
  const row = admin.getByTestId('partners').locator('[data-partner="Nguyễn Văn Minh"]');
  await expect(row).toContainText('51A-123.45');
  await expect(row).toContainText('胡志明市');
  await expect(row).toContainText('使用中');
  const signIn = await request.post('/api/auth/sign-in', { data: { email, password: STAFF_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const driverToken = (await signIn.json()).data.idToken as string;
  // As the partner app calls: their token, in Vietnamese.
  const asDriver = createGrpcWebTransport({
    baseUrl: baseURL ?? '',
    useBinaryFormat: true,
    interceptors: [
      (next) => (req) => {
        req.header.set('authorization-firebase', driverToken);
        req.header.set('accept-language', 'vi');
        return next(req);
      },
    ],
  });
  const partnerApi = { ...createClient(JobDispatchService, asDriver), ...createClient(JobStepService, asDriver) };

  // An operator offers the paid order's job to the driver from its page.
  const { id, email: traveller } = await paidShuttle(request, 1);
  const ops = await staffPage(browser, OPERATOR, `/ops/orders/${id}`);
  const job = ops.getByTestId('order-job');
  await expect(job).toContainText('還沒有派給任何夥伴');
  // Taken out of automatic dispatch first: the page says the job is dispatched by hand.
  await job.getByTestId('job-dispatch').click();
  await expect(job).toContainText('人工派工中');
  await expect(job.getByTestId('job-dispatch')).toHaveText('恢復自動派工');
  await job.getByLabel('派給這位夥伴').selectOption({ label: 'Nguyễn Văn Minh' });
  await job.getByRole('button', { name: '派單', exact: true }).click();
  await expect(job.getByTestId('job-offers')).toContainText('等待回覆');

  // The driver opens the partner app on a 360 px phone: in Vietnamese, the offer on today's or
  // tomorrow's list; they take it, and the order page follows without a reload.
  const offered = await partnerApi.listJobs({ days: 7 });
  expect(offered.jobs.map((j) => j.job?.orderId)).toEqual([id]);
  // The driver's phone is in District 1, about 5.5 km from Tan Son Nhat's arrivals hall.
  const district1 = { latitude: 10.7769, longitude: 106.7009, accuracy: 10 };
  const { phone, gps } = await partnerPhoneAt(browser, email, district1);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'vi');
  // He asks for his notices on Zalo too, at his own number; the choice is the server's.
  await phone.goto('/partner/availability');
  const zalo = phone.getByTestId('zalo-setting');
  await expect(zalo).toContainText('+84 901234567');
  await zalo.getByLabel('Gửi thông báo của tôi qua Zalo').check();
  await expect(phone.getByText('Đã lưu')).toBeVisible();
  await phone.reload();
  await expect(zalo.getByLabel('Gửi thông báo của tôi qua Zalo')).toBeChecked();
  await expect(phone.getByTestId('notice-settings')).toContainText('Chuyến mới giao cho tôi');
  await phone.screenshot({ path: 'test-results/screens/partner-notices-zalo-vi-phone.png', fullPage: true });
  await phone.goto('/partner');
  const card = phone.locator(`[data-order="${id}"]`);
  await expect(card).toContainText('Việc mới — hãy trả lời trước');
  await expect(phone.getByRole('heading', { name: 'Ngày mai' })).toBeVisible();
  await card.getByRole('button', { name: 'Nhận việc' }).click();
  await expect(card).toHaveAttribute('data-status', 'ACCEPTED');
  // Tomorrow's job: setting off opens three hours before, and the button says so until then.
  await expect(card.getByRole('button', { name: 'Tôi đang đến' })).toBeDisabled();
  await expect(card.getByTestId('step-opens')).toContainText('Mở lúc');
  expect(await seriousFindings(phone), 'the schedule').toEqual([]);
  // The job in full: what the traveller entered, their phone masked a day ahead, the maps.
  await card.getByRole('link').click();
  await expect(phone.getByText('Số điện thoại hiện từ 2 giờ trước giờ hẹn')).toBeVisible();
  await expect(phone.getByText('VN123')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Waze' })).toHaveAttribute('href', /waze\.com\/ul\?q=Rex%20Hotel/);
  expect(await seriousFindings(phone), 'a job').toEqual([]);
  await expect(job).toHaveAttribute('data-status', 'ACCEPTED');
  await expect(job).toContainText('接單夥伴 Nguyễn Văn Minh');
  await expect(ops.locator('.console-order')).toContainText('51A-123.45');
  // The partner who took it is changed on the job, not typed over; no typed-in mark.
  await expect(ops.getByTestId('driver-from-partner')).toBeVisible();
  await expect(ops.getByTestId('driver-form')).toHaveCount(0);
  await expect(ops.getByTestId('typed-driver')).toHaveCount(0);

  // The day has come: the driver sets off and arrives, and the traveller's page (in Chinese)
  // follows each step without a reload; each is mailed to them too.
  timeHasCome(id);
  const customer = await (await browser.newContext()).newPage();
  await logInTo(customer, `/member/order?id=${id}`, traveller, 'secret-123');
  await expect(customer.getByTestId('driver')).toContainText('Nguyễn Văn Minh');
  await phone.goto('/partner');
  await card.getByRole('button', { name: 'Tôi đang đến' }).click();
  await expect(card).toHaveAttribute('data-status', 'ON_THE_WAY');
  await expect(customer.getByTestId('job-progress')).toContainText('服務人員已出發，正前往與您會合');
  // On the way, the phone shares where it is; the traveller reads how far from the airport and
  // how soon, and the distance shrinks as the driver moves, without a reload.
  await expect(phone.getByTestId('sharing')).toHaveAttribute('data-state', 'sent');
  const distance = customer.getByTestId('job-distance');
  await expect(distance).toContainText(/距離機場入境大廳約 5\.\d 公里/);
  await expect(customer.getByTestId('job-whereabouts')).toContainText(/預計 \d+ 分鐘後抵達/);
  // The map draws the driver and the arrivals hall on the local tile server's tiles.
  const map = customer.getByTestId('partner-map');
  await expect(map).toHaveAttribute('aria-label', '服務人員目前位置與會合地點的地圖');
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
  await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  expect(Number(await (await customer.request.get(`${tilesOrigin}/__test/served`)).text())).toBeGreaterThan(0);
  const metres = async () => Number(await distance.getAttribute('data-metres'));
  const before = await metres();
  // 200 m nearer, 8 s on: a car's pace, so the server keeps it.
  await phone.waitForTimeout(8000);
  await gps.moveTo({ latitude: 10.7782, longitude: 106.6996, accuracy: 10 });
  await expect.poll(metres, { timeout: 20_000 }).toBeLessThan(before - 100);
  // The operator follows him too, on the live stream of the orders a page follows: on the order's
  // page how far and how soon, and the map with the arrivals hall; on the board, every partner on
  // the way or there.
  const opsWhere = job.getByTestId('job-whereabouts');
  await expect(opsWhere).toContainText(/距會合地點 5\.\d 公里・預計 \d+ 分鐘後抵達/, { timeout: 20_000 });
  await expect(opsWhere.getByTestId('points-map')).toHaveAttribute('aria-label', '夥伴目前位置與會合地點的地圖');
  await expect(opsWhere.getByTestId('points-map').locator('path.leaflet-interactive')).toHaveCount(2);
  await ops.screenshot({ path: 'test-results/screens/console-order-map.png', fullPage: true });
  await admin.goto('/ops');
  const boardMap = admin.getByTestId('board-map');
  await expect(boardMap.locator('path.leaflet-interactive')).toHaveCount(1);
  await expect.poll(() => boardMap.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  await admin.screenshot({ path: 'test-results/screens/console-board-map.png', fullPage: true });
  await customer.screenshot({ path: 'test-results/screens/partner-on-the-way-traveller.png', fullPage: true });
  await phone.screenshot({ path: 'test-results/screens/partner-on-the-way-vi-phone.png', fullPage: true });
  await card.getByRole('button', { name: 'Tôi đã đến nơi' }).click();
  await expect(card).toHaveAttribute('data-status', 'ARRIVED');
  await expect(customer.getByTestId('job-progress')).toContainText('服務人員已抵達約定地點');
  const mails = customer.locator('tr', { hasText: traveller });
  await expect(async () => {
    await customer.goto('/dev/mailbox');
    await expect(mails.filter({ hasText: '服務人員已出發' })).toHaveCount(1, { timeout: 500 });
    await expect(mails.filter({ hasText: '服務人員已抵達' })).toHaveCount(1, { timeout: 500 });
  }).toPass({ timeout: 10_000 });

  // A quick reply each way, each read in its reader's language; the traveller's own words reach
  // the driver as written, marked with their language. Both pages follow without a reload, by the
  // live stream: hers on her order, his on his work.
  await customer.goto(`/member/order?id=${id}`);
  await phone.goto(`/partner/jobs/${id}`);
  const driverTalk = phone.getByTestId('job-thread');
  const travellerTalk = customer.getByTestId('job-thread');
  await expect(travellerTalk).toContainText('還沒有訊息');
  await driverTalk.getByRole('button', { name: 'Tôi đang ở cửa ra sảnh đến, cầm bảng có tên bạn' }).click();
  await expect(travellerTalk).toContainText('我在入境大廳出口，舉著寫有您名字的牌子');
  await travellerTalk.getByRole('button', { name: '我現在出來了' }).click();
  await travellerTalk.getByLabel('輸入訊息').fill('我穿藍色外套');
  await travellerTalk.getByRole('button', { name: '傳送' }).click();
  await expect(travellerTalk.locator('li')).toHaveCount(3);
  await expect(driverTalk).toContainText('Tôi đang đi ra', { timeout: 2_000 });
  await expect(driverTalk.locator('li').last()).toContainText('我穿藍色外套');
  await expect(driverTalk.locator('li').last()).toContainText(/Viết bằng tiếng Trung/i);
  await phone.screenshot({ path: 'test-results/screens/partner-talk-vi-phone.png', fullPage: true });
  await customer.screenshot({ path: 'test-results/screens/partner-talk-traveller.png', fullPage: true });
  await phone.goto('/partner');

  // They meet: the voucher's code checks the traveller in (a wrong one refused in words), the
  // service starts, then completes; the traveller's page follows.
  const checkIn = card.getByTestId('check-in');
  await checkIn.getByLabel('Mã đơn trên phiếu').fill('BK000000-wrong');
  await checkIn.getByRole('button', { name: 'Xác nhận đã gặp khách' }).click();
  await expect(card.getByRole('alert')).toHaveText('Phiếu này không phải của công việc này, hãy kiểm tra lại mã đơn');
  // The voucher's QR through the camera, on a Chromium with no BarcodeDetector (as on Linux, or
  // Firefox and older Safari): the decoder loaded on demand reads it, and the job starts.
  const camera = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${qrVideo(dataDir(), id)}`],
  });
  const scanning = await partnerPhone(camera, email, { permissions: ['camera'], baseURL: new URL(phone.url()).origin });
  expect(await scanning.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);
  await scanning.goto(`/partner/jobs/${id}`);
  const scanningCard = scanning.locator(`[data-order="${id}"]`);
  await scanningCard.getByRole('button', { name: 'Quét mã QR' }).click();
  await expect(scanningCard.getByRole('button', { name: 'Hoàn thành' })).toBeVisible({ timeout: 15_000 });
  await expect(scanningCard.getByTestId('scanner')).toHaveCount(0);
  await camera.close();
  await phone.reload();
  await expect(card).toHaveAttribute('data-status', 'STARTED');
  await customer.goto(`/member/order?id=${id}`);
  await expect(customer.getByTestId('job-progress')).toContainText('服務進行中');
  await card.getByRole('button', { name: 'Hoàn thành' }).click();
  await expect(card).toHaveAttribute('data-status', 'COMPLETED');
  await expect(customer.locator('.member-order-head')).toContainText('已完成');

  // The driver reads what the job earned: today, this week, owed, and the week's statement.
  const pay = (await card.getByTestId('job-pay').textContent())?.match(/Bạn nhận ([\d.]+\s₫)/)?.[1];
  expect(pay, 'the job said what it pays').toBeTruthy();
  await phone.getByRole('link', { name: 'Thu nhập' }).click();
  await expect(phone.getByTestId('earned-today')).toHaveText(pay ?? '');
  await expect(phone.getByTestId('owed')).toHaveText(pay ?? '');
  const week = phone.locator('[data-week]');
  await expect(week).toContainText('1 chuyến');
  await expect(week).toContainText('Chưa trả');
  expect(await seriousFindings(phone), 'earnings').toEqual([]);
  await phone.screenshot({ path: 'test-results/screens/partner-earnings-vi-phone.png', fullPage: true });

  // A week on, an admin pays it with the bank's reference and exports the week; the driver
  // reads it paid.
  lastWeek();
  await admin.goto('/ops/payroll');
  const line = admin.getByTestId('payroll-table').locator('tr', { hasText: 'Nguyễn Văn Minh' });
  await expect(line).toContainText(pay?.replace(/\./g, ',').replace(/\s₫/, '') ?? '');
  await line.getByLabel('轉帳參考碼').fill('VCB 20261130');
  await line.getByRole('button', { name: '標記已付款' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(line).toContainText('已付款 · VCB 20261130');
  expect(await seriousFindings(admin), 'payroll').toEqual([]);
  await admin.screenshot({ path: 'test-results/screens/console-payroll.png', fullPage: true });
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: '下載 CSV' }).click();
  const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
  expect(csv).toContain('Nguyễn Văn Minh,司機,1,0,');
  expect(csv).toContain(',VCB 20261130,');
  await phone.reload();
  await expect(phone.getByTestId('owed')).toHaveText('0 ₫');
  await expect(week).toContainText('Đã trả · mã chuyển khoản VCB 20261130');

  // The traveller tips the driver from her wallet on the completed order's page, once; he earns
  // it in full, this week.
  await customer.goto(`/member/order?id=${id}`);
  const tip = customer.getByTestId('tip');
  await tip.getByRole('button', { name: 'VND 50,000' }).click();
  await tip.getByRole('button', { name: '給小費' }).click();
  await expect(tip).toContainText('您已給小費 VND 50,000，謝謝！');
  await expect(tip.getByRole('button')).toHaveCount(0);
  await customer.screenshot({ path: 'test-results/screens/member-order-tipped.png', fullPage: true });
  await phone.reload();
  await expect(phone.getByTestId('owed')).toHaveText('50.000 ₫');
  await phone.goto('/partner');
  await admin.goto('/ops/partners');

  // A third job: the traveller never comes out. Too soon, the driver is told how long is left;
  // once the free waiting time is out, a photo of the meeting point and the phone's position
  // report it, and the operators see both.
  const third = (await paidShuttle(request, 1)).id;
  await ops.goto(`/ops/orders/${third}`);
  await job.getByLabel('派給這位夥伴').selectOption({ label: 'Nguyễn Văn Minh' });
  await job.getByRole('button', { name: '派單', exact: true }).click();
  await expect(job.getByTestId('job-offers')).toContainText('等待回覆');
  await partnerApi.acceptJob({ orderId: third });
  timeHasCome(third);
  await partnerApi.advanceJob({ orderId: third, status: JobStatus.ON_THE_WAY });
  await partnerApi.advanceJob({ orderId: third, status: JobStatus.ARRIVED });
  await phone.goto(`/partner/jobs/${third}`);
  const thirdCard = phone.locator(`[data-order="${third}"]`);
  // Too soon: no button, and when it opens (the server refuses earlier reports too).
  await expect(thirdCard.getByTestId('no-show-opens')).toContainText('Có thể báo khách không đến từ');
  await expect(thirdCard.getByRole('button', { name: 'Khách không đến' })).toHaveCount(0);
  await phone.screenshot({ path: 'test-results/screens/partner-no-show-vi-phone.png', fullPage: true });
  waitedOut(third, 90);
  await phone.reload();
  await thirdCard.getByRole('button', { name: 'Khách không đến' }).click();
  const noShow = thirdCard.getByTestId('no-show');
  await noShow.getByLabel('Ảnh nơi hẹn').setInputFiles([PHOTO]);
  await noShow.getByRole('button', { name: 'Gửi báo cáo' }).click();
  // Polled as the card's words, so that a refusal is named by the failure rather than waited out
  // (the phone's GPS is live: `liveGps`; a fix over 45 s old once failed this in CI).
  const sent = async () => ((await noShow.count()) === 0 ? 'sent' : (await thirdCard.getByRole('alert').allTextContents()).join(' ') || 'sending');
  await expect.poll(sent, { timeout: 60_000 }).toBe('sent');
  await expect(job).toHaveAttribute('data-status', 'NO_SHOW');
  await expect(job.getByTestId('no-show-proof').locator('img')).toBeVisible();
  await expect(job.getByTestId('no-show-proof')).toContainText('夥伴回報旅客未到');
  await phone.goto('/partner');

  // A second job, taken by the driver; the admin turns the driver off: that job comes back,
  // listed to dispatch again (the finished one stays theirs).
  const second = (await paidShuttle(request, 1)).id;
  await ops.goto(`/ops/orders/${second}`);
  await job.getByLabel('派給這位夥伴').selectOption({ label: 'Nguyễn Văn Minh' });
  await job.getByRole('button', { name: '派單', exact: true }).click();
  await expect(job.getByTestId('job-offers')).toContainText('等待回覆');
  // His open schedule shows the new offer at once, with no reload and no poll.
  await expect(phone.locator(`[data-order="${second}"]`)).toContainText('Việc mới — hãy trả lời trước', { timeout: 2_000 });
  await partnerApi.acceptJob({ orderId: second });
  await expect(job).toHaveAttribute('data-status', 'ACCEPTED');
  // The driver sets a day off from the app: not the day of the job he took (refused, naming it),
  // the day after it.
  const vietnamDay = (days: number) => new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  await phone.getByRole('link', { name: 'Lịch nghỉ' }).click();
  const availability = phone.getByTestId('availability');
  const addDay = async (day: string) => {
    await availability.getByLabel('Chọn ngày nghỉ').fill(day);
    await availability.getByRole('button', { name: 'Thêm ngày nghỉ' }).click();
  };
  await addDay(vietnamDay(1));
  await availability.getByRole('button', { name: 'Lưu lịch' }).click();
  await expect(availability.getByRole('alert')).toContainText(`Bạn đã nhận việc ${second} lúc`);
  await availability.locator(`[data-day="${vietnamDay(1)}"]`).getByRole('button', { name: 'Xóa' }).click();
  await addDay(vietnamDay(2));
  await availability.getByRole('button', { name: 'Lưu lịch' }).click();
  await expect(availability.getByRole('status')).toHaveText('Đã lưu lịch làm việc');
  await expect(availability.getByTestId('hours-lead')).toContainText('Không đặt ca nào');
  // The signal goes: the app says so at once, and stops saying it when it is back.
  await phone.context().setOffline(true);
  await expect(phone.getByTestId('no-signal')).toContainText('Mất kết nối', { timeout: 2_000 });
  await phone.context().setOffline(false);
  await expect(phone.getByTestId('no-signal')).toHaveCount(0);
  await phone.reload();
  await expect(phone.getByTestId('days-off').locator('[data-day]')).toHaveCount(1);
  await expect(phone.getByTestId('days-off').locator(`[data-day="${vietnamDay(2)}"]`)).toBeVisible();
  // A shift being added (not saved), as the partner sees it.
  await phone.getByRole('button', { name: 'Thêm ca' }).click();
  await expect(phone.getByRole('group', { name: 'Ca 1' })).toBeVisible();
  await expect(availability.getByTestId('hours-lead')).toHaveText('Bạn được giao việc trong các ca dưới đây.');
  expect(await seriousFindings(phone), 'availability').toEqual([]);
  await phone.screenshot({ path: 'test-results/screens/partner-availability-vi-phone.png', fullPage: true });
  await admin.getByTestId('partners').locator('[data-partner="Nguyễn Văn Minh"]').getByRole('button', { name: '停用' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: '確定' }).click();
  await expect(admin.getByTestId('returned-jobs')).toContainText(second);
  await expect(admin.getByTestId('returned-jobs')).not.toContainText(id);
  await expect(row).toContainText('已停用');
  await expect(job).toHaveAttribute('data-status', 'OPEN');
  await expect(job).toContainText('已從夥伴收回，需要重新派工');
  await expect(partnerApi.listJobs({ days: 7 })).rejects.toThrow('Đối tác này đã bị tạm ngưng');
  // His open page hears of it at once and says so in Vietnamese (not "no connection"), shows no
  // job it kept, and keeps none.
  const closed = phone.getByTestId('closed');
  await expect(closed).toContainText('Tài khoản đối tác của bạn đang bị tạm ngưng', { timeout: 2_000 });
  await phone.goto('/partner');
  await expect(closed).toContainText('Tài khoản đối tác của bạn đang bị tạm ngưng');
  await expect(closed.getByRole('alert')).toHaveText('Đối tác này đã bị tạm ngưng');
  await expect(phone.getByTestId('offline')).toHaveCount(0);
  await expect(phone.getByText(second)).toHaveCount(0);
  expect(await phone.evaluate(() => localStorage.getItem('offline:partner:schedule'))).toBeNull();
  await phone.reload();
  await expect(phone.getByTestId('closed')).toBeVisible();
  await phone.screenshot({ path: 'test-results/screens/partner-paused-vi-phone.png', fullPage: true });
  await ops.goto('/ops');
  await expect(ops.getByTestId('board-jobs').locator(`[data-order="${second}"]`)).toContainText('已從夥伴收回，需要重新派工');
  // Shuttles out of automatic dispatch from the board, and back: the switch is the server's.
  const shuttles = ops.getByTestId('board-dispatch').getByLabel('機場接送');
  await expect(shuttles).toBeChecked();
  await shuttles.click();
  await expect(shuttles).not.toBeChecked();
  await ops.reload();
  await expect(shuttles).not.toBeChecked();
  await ops.screenshot({ path: 'test-results/screens/board-dispatch-desktop.png', fullPage: true });
  await shuttles.click();
  await expect(shuttles).toBeChecked();
});

test('the therapist who took a massage sees the traveller\'s hotel photos on her phone', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const admin = await staffPage(browser, ADMIN, '/ops/partners');
  const email = `lan-${Date.now()}@partners.example`;
  await invite(browser, admin, email, 'Trần Thị Lan', async (form) => {
    await form.getByLabel('類型').selectOption({ label: '按摩師' });
    await form.getByLabel('對應的按摩師').selectOption({ label: '阿蘭 Lan' });
  });

  // A traveller books her with a photo of the hotel's corridor, and pays.
  const { token, post } = await traveller(request);
  const up = await request.post('/api/plan/dragon-massage/hotel/images/upload', {
    headers: { 'authorization-firebase': token },
    multipart: { images: { name: 'hotel.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const imageId = (await up.json()).data[0].id as string;
  const day = new Date(Date.now() + (7 + 5 * 24) * 3600_000).toISOString().slice(0, 10);
  const order = await post('/api/plan/dragon-massage/massage-classic/order', {
    details: { hotelName: 'Rex', hotelAddress: '141 Nguyen Hue', room: '1203', start: `${day}T15:00`, durationMinutes: 90, people: 1, therapist: 'specific', therapistId: 't-lan', hotelImageIds: [imageId] },
    contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
  });
  await post('/api/v-coin/top-up', { amountVnd: 2_000_000, method: 'DEV' });
  await post(`/api/plan/dragon-massage/order/${order.id}/payment`, { method: 'VCOIN' });

  // Offered to her, she takes it on her phone; the job's page shows the photo, and large on a tap.
  const ops = await staffPage(browser, OPERATOR, `/ops/orders/${order.id}`);
  const job = ops.getByTestId('order-job');
  await job.getByLabel('派給這位夥伴').selectOption({ label: 'Trần Thị Lan' });
  await job.getByRole('button', { name: '派單', exact: true }).click();
  await expect(job.getByTestId('job-offers')).toContainText('等待回覆');
  const phone = await partnerPhone(browser, email);
  await phone.goto(`/partner/jobs/${order.id}`);
  await expect(phone.getByRole('heading', { name: 'Ảnh khách sạn' })).toHaveCount(0);
  await phone.getByRole('button', { name: 'Nhận việc' }).click();
  const thumb = phone.getByTestId('hotel-photo').getByRole('img', { name: 'Ảnh khách sạn 1' });
  await expect(phone.getByRole('heading', { name: 'Ảnh khách sạn' })).toBeVisible();
  await expect.poll(() => thumb.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await phone.getByTestId('hotel-photo').click();
  const large = phone.getByTestId('hotel-photo-large').getByRole('img');
  await expect.poll(() => large.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(await thumb.evaluate((i: HTMLImageElement) => i.naturalWidth));
  // Her quick replies are a therapist's: the hotel's lobby, not a car at the gate.
  await expect(phone.getByRole('button', { name: 'Tôi đang ở sảnh khách sạn' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Xe đang đợi bạn ngoài cổng' })).toHaveCount(0);
  expect(await seriousFindings(phone), 'the hotel photos').toEqual([]);
  await phone.screenshot({ path: 'test-results/screens/partner-hotel-photos-vi-phone.png', fullPage: true });
});

test('a traveller moves a taken pick-up a day later with a child seat, paying the difference by VietQR; the driver\'s phone shows the new time at once, and he gives it back to the board', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await staffPage(browser, ADMIN, '/ops/partners');
  const email = `nam-${Date.now()}@partners.example`;
  await invite(browser, admin, email, 'Phạm Văn Nam', driverFields('silver Honda City', '51F-678.90', 4));
  const { email: customer, post } = await traveller(request);
  await post('/api/v-coin/top-up', { amountVnd: 1_000_000, method: 'DEV' });
  const vn = (days: number) => new Date(Date.now() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  const order = await post('/api/plan/shuttle/shuttle-sgn-4/order', {
    details: { direction: 'pick-up', flightNumber: 'VN123', start: `${vn(4)}T10:00`, address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 },
    contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
  });
  await post(`/api/plan/shuttle/order/${order.id}/payment`, { method: 'VCOIN' });

  // Offered to Nam, he takes it on his phone.
  const ops = await staffPage(browser, OPERATOR, `/ops/orders/${order.id}`);
  const job = ops.getByTestId('order-job');
  await job.getByLabel('派給這位夥伴').selectOption({ label: 'Phạm Văn Nam' });
  await job.getByRole('button', { name: '派單', exact: true }).click();
  const phone = await partnerPhone(browser, email);
  await phone.goto(`/partner/jobs/${order.id}`);
  await phone.getByRole('button', { name: 'Nhận việc' }).click();
  await expect(phone.getByTestId('changed')).toHaveCount(0);

  // The traveller moves it a day later and asks for a child seat, on her phone; the 100,000 more
  // she pays by bank transfer, and nothing changes until the bank says it arrived.
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await logInTo(page, `/member/order?id=${order.id}`, customer, 'secret-123');
  const card = page.getByTestId('change');
  await card.getByRole('button', { name: '變更時間或內容' }).click();
  await card.getByLabel('服務時間（越南時間）').fill(`${vn(5)}T10:00`);
  await card.getByLabel('兒童安全座椅').fill('1');
  await expect(card.getByTestId('change-price')).toHaveText('原價 VND 380,000，變更後 VND 480,000：需補 VND 100,000。');
  await card.getByRole('radio', { name: /銀行轉帳（VietQR）/ }).check();
  await card.getByRole('button', { name: '確認變更' }).click();
  await expect(card).toContainText('款項一到帳，預約即會變更。');
  const memo = (await card.getByTestId('memo').textContent()) ?? '';
  await page.screenshot({ path: 'test-results/screens/change-by-transfer-phone.png', fullPage: true });
  await expect(phone.getByTestId('changed')).toHaveCount(0);
  const body = JSON.stringify({ transactionId: `FT${Date.now()}`, amount: 100000, description: `MBVCB.1.${memo}.CT tu 0123` });
  const notice = await request.post('/api/payment/vietqr/notify', {
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', 'dev-bank-secret').update(body).digest('hex') },
    data: body,
  });
  expect((await notice.json()).data.outcome).toBe('PAID');
  await expect(page.getByRole('status').filter({ hasText: '訂單已變更' })).toBeVisible();
  await expect(page.locator('.estimate-card')).toContainText('VND 480,000');

  // Nam's open job page says so by itself, with the new day; he cannot make it and gives it back.
  const told = phone.getByTestId('changed');
  await expect(told).toContainText('Khách đã thay đổi chuyến này');
  await phone.screenshot({ path: 'test-results/screens/partner-job-changed-vi-phone.png', fullPage: true });
  await told.getByRole('button', { name: 'Không thể theo thay đổi, trả lại chuyến này' }).click();
  await expect(phone).toHaveURL(/\/partner$/);
  // Back on the board for operators, to offer again.
  await ops.reload();
  await expect(ops.getByTestId('order-job').getByRole('button', { name: '派單', exact: true })).toBeVisible();
});

/** `at` on Vietnam's clock, as a booking writes it: `2026-12-01T14:05`. */
function vietnamLocal(at: Date): string {
  return new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 16);
}

/** `at` on Vietnam's clock, as the pages write it: `2026/12/01 14:05`. */
function vietnamTime(at: Date): string {
  return vietnamLocal(at).replaceAll('-', '/').replace('T', ' ');
}

/** Makes flight `flight`'s next look due now (the worker's cadence is minutes apart). */
function lookAgainNow(flight: string): void {
  const script = [
    'import sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1], timeout=10)',
    "db.execute('update followed_flights set next_look_at_ms = 0 where flight_key like ?', (sys.argv[2] + '@%',))",
    'db.commit()',
  ].join('\n');
  execFileSync('python3', ['-c', script, join(dataDir(), 'e2e.db'), flight]);
}

test('a traveller pays for a pick-up; the offer is pushed to the driver\'s phone and he takes it; the flight lands 40 minutes late and both pages move; the traveller watches the car on the map', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const push = await pushReceiver(partnerPushOrigin);
  try {
    const admin = await staffPage(browser, ADMIN, '/ops/partners');
    const email = `hung-${Date.now()}@partners.example`;
    await invite(browser, admin, email, 'Lê Văn Hùng', driverFields('black Kia Carnival', '51H-246.80', 7));
    // His phone takes notices: the page subscribes at the local push service.
    const { phone } = await partnerPhoneAt(browser, email, { latitude: 10.7769, longitude: 106.7009, accuracy: 10 });
    await push.subscribeIn(phone.context());
    await phone.goto('/partner/availability');
    const notices = phone.getByTestId('notice-settings');
    await notices.getByRole('button', { name: 'Bật thông báo' }).click();
    await expect(notices).toContainText('Thiết bị này nhận thông báo');

    // Flight VJ321 lands at Tan Son Nhat four and a half hours from now, on the provider's board;
    // a traveller books her pick-up for its landing and pays.
    const landing = new Date(Math.ceil((Date.now() + 4.5 * 3600_000) / 300_000) * 300_000);
    const board = (flight: object) => request.post(`${aeroOrigin}/__test/board`, { data: { ident: 'VJ321', destination: 'SGN', scheduled_in: landing.toISOString(), ...flight } });
    expect((await board({})).status()).toBe(204);
    const { email: customerEmail, post } = await traveller(request);
    await post('/api/v-coin/top-up', { amountVnd: 1_000_000, method: 'DEV' });
    const order = await post('/api/plan/shuttle/shuttle-sgn-4/order', {
      details: { direction: 'pick-up', flightNumber: 'VJ321', start: vietnamLocal(landing), address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 },
      contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
    });
    const id = order.id as string;
    await post(`/api/plan/shuttle/order/${id}/payment`, { method: 'VCOIN' });
    // The provider was asked at booking.
    const asked = async () => Number(await (await request.get(`${aeroOrigin}/__test/calls?ident=VJ321`)).text());
    expect(await asked()).toBeGreaterThanOrEqual(1);

    // An operator offers it to him: the offer reaches his phone in his pocket, urgent, in
    // Vietnamese, and opens the job, which he takes.
    const ops = await staffPage(browser, OPERATOR, `/ops/orders/${id}`);
    const job = ops.getByTestId('order-job');
    await job.getByLabel('派給這位夥伴').selectOption({ label: 'Lê Văn Hùng' });
    await job.getByRole('button', { name: '派單', exact: true }).click();
    const offer = await push.message(1);
    expect(offer.headers.urgency).toBe('high');
    const offered = push.open(offer).notice;
    expect(offered).toMatchObject({ title: 'Có chuyến mới cho bạn: hãy trả lời sớm' });
    expect(offered.url).toContain(id);
    await phone.goto(offered.url);
    await phone.locator(`section[data-order="${id}"]`).getByRole('button', { name: 'Nhận việc' }).click();
    await expect(phone.getByRole('button', { name: 'Nhận việc' })).toHaveCount(0);
    await phone.goto('/partner');
    const card = phone.locator(`article[data-order="${id}"]`);
    await expect(card).toHaveAttribute('data-status', 'ACCEPTED');
    await expect(card).toContainText(vietnamTime(landing).slice(11));
    // The traveller follows on her phone.
    const customer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await logInTo(customer, `/member/order?id=${id}`, customerEmail, 'secret-123');
    await expect(customer.locator('main')).toContainText(vietnamTime(landing));

    // The flight will land 40 minutes late: at the next look, the order and the job move to
    // the landing, once, and both open pages show the new time without a reload.
    const late = new Date(landing.getTime() + 40 * 60_000);
    expect((await board({ estimated_in: late.toISOString() })).status()).toBe(204);
    lookAgainNow('VJ321');
    await expect(customer.locator('main')).toContainText(vietnamTime(late), { timeout: 20_000 });
    await expect(customer.locator('main')).toContainText('航班降落時間有變，接機時間已隨之更新');
    await expect(card).toContainText(vietnamTime(late).slice(11), { timeout: 10_000 });
    const moved = push.open(await push.message(2)).notice;
    expect(moved.title).toContain('Chuyến bay của khách đổi giờ');
    await expect(job).toHaveAttribute('data-status', 'ACCEPTED');
    // Seen again (the provider asked once more), the delay moves nothing more.
    const before = await asked();
    lookAgainNow('VJ321');
    await expect.poll(asked, { timeout: 20_000 }).toBeGreaterThan(before);
    await customer.reload();
    await expect(customer.locator('main').getByText('航班降落時間有變，接機時間已隨之更新')).toHaveCount(1);
    await customer.screenshot({ path: 'test-results/screens/flight-moved-traveller-phone.png', fullPage: true });
    await phone.screenshot({ path: 'test-results/screens/flight-moved-vi-phone.png', fullPage: true });

    // The time has come: he sets off, and the traveller watches the car on the map.
    timeHasCome(id);
    await phone.reload();
    await card.getByRole('button', { name: 'Tôi đang đến' }).click();
    await expect(card).toHaveAttribute('data-status', 'ON_THE_WAY');
    const map = customer.getByTestId('partner-map');
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(2, { timeout: 20_000 });
    await customer.screenshot({ path: 'test-results/screens/flight-map-traveller-phone.png', fullPage: true });
  } finally {
    await push.stop();
  }
});
