import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { serverBinary } from '../playwright.config';

// A rolling deploy: a page of build A is open when the server starts serving build B, whose
// chunks have other names. The next navigation asks for an A chunk that is gone; the server
// answers a plain 404 (not the SPA's HTML), and the page reloads once into build B.

/** Build B: the same app, every asset renamed (as a new build's hashes would be). */
function buildB(): string {
  const dir = mkdtempSync(join(tmpdir(), 'booking-build-b-'));
  cpSync('dist', dir, { recursive: true });
  const assets = join(dir, 'assets');
  // The precompressed copies carry the old names inside and out: B is served uncompressed.
  for (const name of readdirSync(assets)) {
    if (/\.(br|gz)$/.test(name)) rmSync(join(assets, name));
  }
  const names = readdirSync(assets).filter((n) => /\.(js|css)$/.test(n));
  const renamed = new Map(names.map((n) => [n, n.replace(/(\.[a-z]+)$/, '-b$1')]));
  const rewrite = (file: string) => {
    let text = readFileSync(file, 'utf8');
    for (const [from, to] of renamed) text = text.split(from).join(to);
    writeFileSync(file, text);
  };
  for (const name of readdirSync(assets)) {
    if (!/\.(js|css)$/.test(name)) continue;
    rewrite(join(assets, name));
    renameSync(join(assets, name), join(assets, renamed.get(name) ?? name));
  }
  rewrite(join(dir, 'index.html'));
  const index = join(dir, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head><meta name="e2e-build" content="B">'));
  writeFileSync(join(dir, 'build.json'), JSON.stringify({ id: 'build-b' }));
  return dir;
}

async function serve(webDir: string, port: number, dataDir: string): Promise<ChildProcess> {
  const server = spawn(serverBinary, [], {
    stdio: 'ignore',
    env: {
      ...process.env,
      APP_LISTEN: `127.0.0.1:${port}`,
      APP_ENV: 'dev',
      APP_SHUTDOWN_GRACE_SECS: '0',
      APP_WEB_DIR: webDir,
      DATABASE_URL: `sqlite://${join(dataDir, 'deploy.db')}?mode=rwc`,
      APP_MAILBOX_DIR: join(dataDir, 'mailbox'),
      APP_MEDIA_DIR: join(dataDir, 'images'),
    },
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function stop(server: ChildProcess) {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

test('a page of the old build reloads once into the new build when its chunks are gone', async ({ page }, info) => {
  const port = 18300 + info.workerIndex;
  const dataDir = mkdtempSync(join(tmpdir(), 'booking-deploy-'));
  const origin = `http://127.0.0.1:${port}`;
  let server = await serve('dist', port, dataDir);
  try {
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 2, name: '機場接送' })).toBeVisible();
    let loads = 0;
    page.on('load', () => loads++);
    const stale: { status: number; type: string }[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/assets/') && r.status() === 404) {
        stale.push({ status: r.status(), type: r.headers()['content-type'] ?? '' });
      }
    });

    await stop(server);
    server = await serve(buildB(), port, dataDir);

    await page.getByRole('link', { name: '登入' }).first().click();
    await expect(page.getByRole('heading', { name: '會員登入' })).toBeVisible();
    await expect(page).toHaveURL(`${origin}/login`);
    await expect(page.locator('meta[name="e2e-build"]')).toHaveAttribute('content', 'B');
    expect(loads).toBe(1);
    expect(stale.length).toBeGreaterThan(0);
    for (const r of stale) expect(r.type).toMatch(/^text\/plain/);
  } finally {
    await stop(server);
  }
});
