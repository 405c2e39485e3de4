import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The real server, built by the test command, on its own port with a fresh SQLite database.
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
const idpA = `http://127.0.0.1:${port + 1}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'booking-e2e-'));
// Workers load this file again: they must find the same directory (tests run the operators'
// commands against the server's database).
process.env.E2E_DATA_DIR = dataDir;
export const serverBinary = process.env.BOOKING_BIN ?? '../target/debug/booking';
/** Where the browser tests' local push service listens: the only address on this machine the
 * server may push to (`APP_OUTBOUND_ALLOW`). */
export const pushOrigin = `http://127.0.0.1:${port + 3}`;
/** Where the browser tests' stand-in of VNPay's refund call listens. */
export const vnpayOrigin = `http://127.0.0.1:${port + 4}`;
/** The local raster tile server the order page's map draws on. */
export const tilesOrigin = `http://127.0.0.1:${port + 5}`;
/** A second local push service, for a partner's phone in the dispatch spec (each spec file's
 * receiver holds its own port, and files run side by side). */
export const partnerPushOrigin = `http://127.0.0.1:${port + 6}`;
/** The stand-in of FlightAware's AeroAPI the server follows flights at. */
export const aeroOrigin = `http://127.0.0.1:${port + 7}`;
export const AEROAPI_KEY = 'e2e-aeroapi-key';
export const databaseUrl = `sqlite://${join(dataDir, 'e2e.db')}?mode=rwc`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // Some of the project's machines are three times slower than others: there a photo's resizing
  // or a screen's first chunk took longer than the default 5 s an expectation waits.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'zh-TW',
    timezoneId: 'Asia/Ho_Chi_Minh',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // A real OpenID Connect provider on loopback, as two identity providers (see its script).
    {
      command: 'node scripts/oidc-provider.mjs',
      url: `${idpA}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'ignore',
      env: { OIDC_TEST_IDS: 'test-a,test-b', OIDC_TEST_PORTS: `${port + 1},${port + 2}`, OIDC_TEST_SITE: baseURL },
    },
    // VNPay's refund call, which cannot be reached from here (see its script).
    {
      command: 'node scripts/vnpay-stand-in.mjs',
      url: `${vnpayOrigin}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { VNPAY_TEST_PORT: String(port + 4), VNPAY_TEST_TMN: 'E2ETMN01', VNPAY_TEST_SECRET: 'e2e-vnpay-secret' },
    },
    // A raster tile server for the order page's map (see its script).
    {
      command: 'node scripts/tile-server.mjs',
      url: `${tilesOrigin}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { TILES_TEST_PORT: String(port + 5) },
    },
    // FlightAware's AeroAPI, which cannot be reached from here (see its script).
    {
      command: 'node scripts/aeroapi-stand-in.mjs',
      url: `${aeroOrigin}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { AEROAPI_TEST_PORT: String(port + 7), AEROAPI_TEST_KEY: AEROAPI_KEY },
    },
    {
      command: serverBinary,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        APP_LISTEN: `127.0.0.1:${port}`,
        APP_ENV: 'dev',
        APP_SHUTDOWN_GRACE_SECS: '0',
        APP_WEB_DIR: 'dist',
        DATABASE_URL: databaseUrl,
        APP_MAILBOX_DIR: join(dataDir, 'mailbox'),
        APP_MEDIA_DIR: join(dataDir, 'images'),
        APP_BACKUP_DIR: join(dataDir, 'backups'),
        // Reminders follow the day's clock, which would add mails to counts depending on the hour
        // the suite runs; they are decided on a set clock in the Rust tests.
        APP_REMINDERS: 'false',
        // The specs of operators' dispatch offer jobs by hand; automatic dispatch is tested in Rust.
        APP_DISPATCH_AUTO: 'false',
        APP_MAPS_TILES_URL: `${tilesOrigin}/{z}/{x}/{y}.png`,
        APP_MAPS_ATTRIBUTION: '© OpenStreetMap contributors',
        APP_OUTBOUND_ALLOW: `${pushOrigin},${partnerPushOrigin}`,
        // Airport pick-ups' flights are checked when booked and followed once paid, at the
        // stand-in: a flight no test put on its board is on time wherever it is asked about.
        APP_FLIGHTS_API_KEY: AEROAPI_KEY,
        APP_FLIGHTS_API_URL: aeroOrigin,
        // Every spec signs up its own customers from one address; the throttle is tested in Rust.
        APP_SIGN_UPS_PER_ADDRESS_HOUR: '100',
        // VNPay's page cannot be reached from here: the browser test stands in for it and signs
        // its answer with this secret.
        APP_VNPAY_TMN_CODE: 'E2ETMN01',
        APP_VNPAY_HASH_SECRET: 'e2e-vnpay-secret',
        APP_VNPAY_API_URL: `${vnpayOrigin}/merchant_webapi/api/transaction`,
        // Sign-in with an identity provider: 測試 A is trusted to vouch for addresses, 測試 B is not.
        APP_OIDC_PROVIDERS: 'test-a,test-b',
        APP_OIDC_TEST_A_ISSUER: idpA,
        APP_OIDC_TEST_A_CLIENT_ID: 'booking',
        APP_OIDC_TEST_A_CLIENT_SECRET: 'secret-test-a',
        APP_OIDC_TEST_A_NAME: '測試 A',
        APP_OIDC_TEST_A_LINKS_BY_EMAIL: 'true',
        APP_OIDC_TEST_B_ISSUER: `http://127.0.0.1:${port + 2}`,
        APP_OIDC_TEST_B_CLIENT_ID: 'booking',
        APP_OIDC_TEST_B_CLIENT_SECRET: 'secret-test-b',
        APP_OIDC_TEST_B_NAME: '測試 B',
      },
    },
  ],
});
