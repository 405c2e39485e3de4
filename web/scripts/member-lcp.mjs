// The member orders page on a phone, signed in, as the web budget measures it: Chromium at 390 × 844
// with its CPU slowed 4× and the network throttled to Lighthouse's mobile figures (150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up), cache off, three loads. Lighthouse cannot open a signed-in page
// (the session lives in local storage), so this drives the browser itself and reads the largest
// contentful paint the page reports.
//
//   node scripts/member-lcp.mjs http://127.0.0.1:PORT
//
// Prints each run (LCP, requests, bytes) and the median against the 2.5 s bound; exits 1 over it.

import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? '').replace(/\/$/, '');
if (!base) throw new Error('usage: member-lcp.mjs BASE_URL');
const BOUND_MS = 2500;

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  // A customer with a few orders, signed in once; each measured load starts from that session.
  // The sign-in below reads the Chinese page: the browser asks for it, as a Taiwanese traveller's does.
  const setup = await browser.newContext({ baseURL: base, locale: 'zh-TW' });
  const email = `lcp-${Date.now()}@example.com`;
  const signUp = await setup.request.post('/api/auth/sign-up', { data: { email, password: 'secret-123' } });
  const { idToken } = (await signUp.json()).data;
  for (let i = 0; i < 3; i++) {
    const day = new Date(Date.now() + (7 + 48 + i * 24) * 3600_000).toISOString().slice(0, 10);
    const r = await setup.request.post('/api/plan/shuttle/shuttle-sgn-4/order', {
      headers: { 'authorization-firebase': idToken, 'idempotency-key': `lcp-${i}-${Date.now()}` },
      data: {
        details: { direction: 'pick-up', flightNumber: 'VN123', start: `${day}T10:00`, address: 'Rex Hotel', passengers: 2, luggage: 2, childSeats: 0 },
        contact: { name: '陳美玲', phoneCountryCode: '+886', phoneNumber: '912345678' },
      },
    });
    if (r.status() >= 300) throw new Error(`order ${i}: ${r.status()} ${await r.text()}`);
  }
  const page = await setup.newPage();
  await page.goto('/login?next=%2Fmember');
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill('secret-123');
  await page.getByRole('button', { name: '登入', exact: true }).click();
  await page.waitForURL(/\/member$/);
  const state = await setup.storageState();

  const runs = [];
  for (let run = 1; run <= 3; run++) {
    const context = await browser.newContext({ baseURL: base, locale: 'zh-TW', storageState: state, viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let requests = 0;
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => {
      requests += 1;
      bytes += e.encodedDataLength;
    });
    await tab.goto('/member/order');
    await tab.getByTestId('orders').waitFor();
    await tab.waitForTimeout(1500);
    const lcp = await tab.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    runs.push(lcp);
    console.log(`run ${run}: LCP ${Math.round(lcp)} ms, ${requests} requests, ${Math.round(bytes / 1024)} KB`);
    await context.close();
  }
  const median = [...runs].sort((a, b) => a - b)[1];
  console.log(`member orders on a phone: LCP median ${Math.round(median)} ms, ${(median / BOUND_MS).toFixed(2)} of the ${BOUND_MS} ms bound`);
  process.exitCode = median <= BOUND_MS ? 0 : 1;
} finally {
  await browser.close();
}
