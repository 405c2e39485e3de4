import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { pushOrigin } from '../playwright.config';
import { booking } from './server-cli';
import { logInTo } from './sign-in';

// Web Push from the real server to a local receiver standing in for the browser vendor's push
// service (which cannot be reached from here). The browser's PushManager is the one part replaced:
// it hands out a subscription to that receiver, with keys this test made, so the test can decrypt
// what arrives as the phone would (RFC 8291) and check the server's VAPID signature (RFC 8292).
// Everything else is the real page, the real service worker registration and the real server.

const PASSWORD = 'secret-123';
const EMAIL = `push-${Date.now()}-${process.pid}@example.com`;

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** The phone's keys: its P-256 pair and its authentication secret. */
const phone = createECDH('prime256v1');
phone.generateKeys();
const auth = randomBytes(16);

let server: Server;
let origin = '';
const inbox: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      inbox.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  // The one origin on this machine the server is configured to push to.
  origin = pushOrigin;
  await new Promise<void>((done) => server.listen(Number(new URL(origin).port), '127.0.0.1', done));
});

test.afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** The PushManager of every page in `context` subscribes to the local receiver with the test's
 * keys, and remembers the key the page subscribed with. */
async function standInPushService(context: BrowserContext) {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(
    ({ endpoint, p256dh, authKey }) => {
      const bytes = (text: string) => {
        const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
        return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
      };
      const subscription = () => ({
        endpoint,
        expirationTime: null,
        options: {},
        getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : authKey),
        toJSON: () => ({ endpoint, keys: { p256dh, auth: authKey } }),
        unsubscribe: async () => {
          localStorage.removeItem('stand-in-push');
          return true;
        },
      });
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        localStorage.setItem('stand-in-push', String(options?.applicationServerKey ?? ''));
        return subscription() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem('stand-in-push') ? subscription() : null) as unknown as PushSubscription;
      };
    },
    { endpoint: `${origin}/push/phone`, p256dh: b64url(phone.getPublicKey()), authKey: b64url(auth) },
  );
}

/** Checks the VAPID token as a push service would (ES256 by the key in `k=`, for our origin) and
 * decrypts the body as the phone would: the notice's JSON, and the key it was signed with. */
function openMessage({ headers, body }: Received): { notice: Record<string, string>; key: string } {
  expect(headers['content-encoding']).toBe('aes128gcm');
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? '') ?? [];
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) };
  const [head, claims, signature] = token.split('.');
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(signed).toBe(true);
  const said = JSON.parse(Buffer.from(claims, 'base64url').toString());
  expect(said.aud).toBe(origin);
  expect(said.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

  // RFC 8188's header (salt, record size, the server's key), then one record.
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = phone.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), phone.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with its delimiter (2), then padding.
  const end = padded.lastIndexOf(2);
  return { notice: JSON.parse(padded.subarray(0, end).toString()), key };
}

async function message(n: number): Promise<Received> {
  await expect.poll(() => inbox.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return inbox[n - 1];
}

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
  await standInPushService(context);
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
  const first = openMessage(await message(1));
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
  const second = openMessage(await message(2));
  expect(second.notice).toMatchObject({ title: '付款成功，訂單已成立', url: `/member/order?id=${id}` });
  await page.waitForTimeout(1500);
  expect(inbox).toHaveLength(2);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/notifications-zh-TW-desktop.png', fullPage: true });
  await context.close();
});
