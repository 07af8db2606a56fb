/**
 * Regenerates the README's screenshots from the seeded demo data:
 *   pnpm build && pnpm --filter @pharm/e2e exec tsx readme-screenshots.ts
 * It seeds a temporary PGlite database, starts the built app on a free port and signs in as the demo user.
 * The statement's PDF page is drawn with pdftoppm (Debian's poppler-utils).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
  await shot('/invoices', 'invoices', 'INV-');
  await shot('/reports', 'reports', 'Outstanding Invoices Detail');
  await shot('/recall?lot=VL-2611*', 'recall', 'VL-2611-A');

  // The demo pharmacy with the most invoices, over the last six months. (Only plain fetches run
  // in the page: tsx names the functions it compiles with a helper the page does not have.)
  const getJson = (url: string) => page.evaluate((u) => fetch(u).then((r) => r.json()), url);
  const invoices: { pharmacyId: number }[] = await getJson('/api/invoices?limit=100');
  const counts = new Map<number, number>();
  for (const invoice of invoices) {
    counts.set(invoice.pharmacyId, (counts.get(invoice.pharmacyId) ?? 0) + 1);
  }
  const busiest = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const statement = { id: busiest, from: day(-182), to: day(0) };
  const period = `from=${statement.from}&to=${statement.to}`;
  await shot(`/pharmacies/${statement.id}/statement?${period}`, 'statement', 'Download PDF');
  const pdf = await page.evaluate(
    (url) =>
      fetch(url)
        .then((r) => r.arrayBuffer())
        .then((buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))),
    `/api/pharmacies/${statement.id}/statement.pdf?${period}`,
  );
  const pdfFile = path.join(dataDir, 'statement.pdf');
  writeFileSync(pdfFile, Buffer.from(pdf, 'base64'));
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdfFile,
    path.join(docs, 'statement-pdf'),
  ]);
  console.log('docs/statement-pdf.png');
} finally {
  await browser.close();
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
