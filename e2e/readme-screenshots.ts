/**
 * Regenerates the README's screenshots from the seeded demo data:
 *   pnpm build && pnpm --filter @pharm/e2e exec tsx readme-screenshots.ts
 * It seeds a temporary PGlite database, starts the built app on a free port and signs in as the demo user.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const docs = path.join(repoRoot, 'docs');
mkdirSync(docs, { recursive: true });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharm-shots-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };

function run(cmd: string, args: string[], cwd: string) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}`)),
    );
  });
}

const port = await new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

await run(
  process.execPath,
  ['--import', 'tsx', 'src/seed/index.ts'],
  path.join(repoRoot, 'apps/api'),
);
const app = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: repoRoot,
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (
  let i = 0;
  i < 120 &&
  !(await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  ));
  i++
)
  await new Promise((r) => setTimeout(r, 250));

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const shot = async (route: string, name: string, ready: string) => {
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle0' });
    await page.waitForFunction((t) => document.body.innerText.includes(t), {}, ready);
    await new Promise((r) => setTimeout(r, 400));
    await page.screenshot({ path: path.join(docs, `${name}.png`) as `${string}.png` });
    console.log(`docs/${name}.png`);
  };
  await shot('/', 'auth', 'Welcome back');
  await page.evaluate(async () => {
    await fetch('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@pharmsupply.test', password: 'demo1234' }),
    });
  });
  await shot('/', 'dashboard', 'Overview of your supply chain operations');
  await shot('/pharmacies', 'pharmacies', 'Riverside Compounding Pharmacy');
  await shot('/orders', 'orders', 'ORD-');
} finally {
  await browser.close();
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
