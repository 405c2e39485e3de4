// The JavaScript the home page loads, file by file: gzip at level 9 of the built file, and the bytes
// the server sends a browser that takes gzip only and one that takes Brotli. Usage, from web/ with
// the server running on the built app: node scripts/home-js.mjs [http://127.0.0.1:8080/]
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';

const origin = process.argv[2] ?? 'http://127.0.0.1:8080/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const scripts = new Set();
page.on('request', (r) => {
  if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
});
await page.goto(origin, { waitUntil: 'networkidle' });
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
