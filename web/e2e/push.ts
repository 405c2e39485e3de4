import { createECDH, createPublicKey, hkdfSync, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { expect, type BrowserContext } from '@playwright/test';

// Web Push from the real server to a local receiver standing in for the browser vendor's push
// service (which cannot be reached from here). The browser's PushManager is the one part replaced:
// it hands out a subscription to that receiver, with keys the test made, so the test can decrypt
// what arrives as the phone would (RFC 8291) and check the server's VAPID signature (RFC 8292).
// Everything else is the real page, the real service worker registration and the real server.

export interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** A phone's push service on `origin` (one the server may call: `APP_OUTBOUND_ALLOW`), with the
 * phone's keys: its P-256 pair and its authentication secret. */
export async function pushReceiver(origin: string) {
  const phone = createECDH('prime256v1');
  phone.generateKeys();
  const auth = randomBytes(16);
  const inbox: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      inbox.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((done) => server.listen(Number(new URL(origin).port), '127.0.0.1', done));

  /** The PushManager of every page in `context` subscribes to this receiver with the phone's
   * keys, and remembers the key the page subscribed with. */
  async function subscribeIn(context: BrowserContext) {
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

  /** Checks the VAPID token as a push service would (ES256 by the key in `k=`, for this origin)
   * and decrypts the body as the phone would: the notice's JSON, and the key it was signed with. */
  function open({ headers, body }: Received): { notice: Record<string, string>; key: string } {
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

  /** The `n`th push received (from 1), waited for. */
  async function message(n: number): Promise<Received> {
    await expect.poll(() => inbox.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
    return inbox[n - 1];
  }

  const stop = () => new Promise<void>((done) => server.close(() => done()));
  return { inbox, subscribeIn, open, message, stop };
}
