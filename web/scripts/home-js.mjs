// The JavaScript a page loads (the home page unless told), file by file: gzip at level 9 of the built
// file, and the bytes the server sends a browser that takes gzip only and one that takes Brotli.
// Usage, from web/ with the server running on the built app:
//   node scripts/home-js.mjs [http://127.0.0.1:8080/ [PATH [EMAIL PASSWORD]]]
// With an e-mail and password it signs in on the way (`/login?next=PATH`) and counts what PATH
// loads after that, e.g. the operators' console: `… /ops lan@ops.example 'a-long-operator-pass'`.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';

const [origin = 'http://127.0.0.1:8080/', path = '/', email, password] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
// The Chinese page, as the budget is set for it (and the sign-in below reads its labels).
const page = await browser.newPage({ locale: 'zh-TW' });
if (email) {
  await page.goto(new URL(`/login?next=${encodeURIComponent(path)}`, origin).href);
  await page.getByLabel('電子信箱').fill(email);
  await page.getByLabel('密碼').fill(password ?? '');
  await page.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(new URL(path, origin).href);
  // What the signed-in page needs is counted from a fresh load of it, as a returning operator's.
}
const scripts = new Set();
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
});
// A signed-in page keeps its live stream open, so the network is never idle there: wait for the
// load, then for what the page draws after it.
await page.goto(new URL(path, origin).href, { waitUntil: email ? 'load' : 'networkidle' });
if (email) await page.getByRole('heading', { level: 1 }).waitFor();
await page.waitForTimeout(1500);
await browser.close();

/** The size of a file's body as the server sends it for an Accept-Encoding (not decoded). */
function served(path, encoding) {
  return new Promise((resolve, reject) => {
    get(new URL(path, origin), { headers: { 'accept-encoding': encoding } }, (r) => {
      let n = 0;
      r.on('data', (chunk) => (n += chunk.length));
      r.on('end', () => resolve(n));
    }).on('error', reject);
  });
}

const total = { level9: 0, gzip: 0, br: 0 };
for (const path of scripts) {
  const row = {
    level9: gzipSync(readFileSync(`dist${path}`), { level: 9 }).length,
    gzip: await served(path, 'gzip'),
    br: await served(path, 'br'),
  };
  for (const k of Object.keys(total)) total[k] += row[k];
  console.log(path, row.level9, row.gzip, row.br);
}
const kb = (n) => `${n} bytes (${(n / 1000).toFixed(1)} kB, ${(n / 1024).toFixed(1)} KiB)`;
console.log(`${scripts.size} files; gzip -9: ${kb(total.level9)}; as served, gzip: ${kb(total.gzip)}; Brotli: ${kb(total.br)}`);
