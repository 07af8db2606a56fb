/**
 * Issue 23 in the browser: Settings → Backups. On the embedded database, "Back up now" lists a
 * backup whose Download is the file, and that file restores; on PostgreSQL the panel says the
 * backups are the operator's.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createDb, restoreBackup } from '@pharm/db';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl } from './lib/app.js';
import {
  api,
  axeViolations,
  click,
  launchBrowser,
  openPage,
  pageProblems,
  screenshot,
  screenshotOnFailure,
  signUp,
  waitForText,
} from './lib/browser.js';

const onPostgres = process.env.E2E_DB === 'postgres' && !!process.env.DATABASE_URL;

let browser: Browser;
let page: Page;
let downloads: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await openPage(browser, '/');
  await signUp(page, '/');
  downloads = mkdtempSync(path.join(tmpdir(), 'e2e-downloads-'));
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  const pharmacy = await api(page, 'POST', '/api/pharmacies', {
    name: 'Juniper Compounding',
    email: 'ap@juniper.example',
  });
  expect(pharmacy.status).toBe(201);
});
afterAll(async () => {
  await browser.close();
  rmSync(downloads, { recursive: true, force: true });
});
screenshotOnFailure(() => page);

it.runIf(!onPostgres)(
  'lists a backup after Back up now, and its Download is a backup file that restores',
  async () => {
    await page.goto(`${baseUrl()}/settings`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'No backups yet.');
    await click(page, 'Back up now');
    await page.waitForSelector('[data-testid="backup-row"]');
    const row = await page.$eval(
      '[data-testid="backup-row"]',
      (el) => (el as HTMLElement).innerText,
    );
    expect(row).toMatch(/Manual/);
    expect(row).toMatch(/\d+ KB/);
    await waitForText(page, 'Backup written');
    await screenshot(page, 'settings-backups');
    expect(await axeViolations(page)).toEqual([]);

    await page.click('[data-testid="backup-row"] a');
    const deadline = Date.now() + 15_000;
    let name: string | undefined;
    while (!name) {
      name = readdirSync(downloads).find((f) => /^pharmsupply-.*-manual\.backup$/.test(f));
      if (!name && Date.now() > deadline)
        throw new Error(`no backup downloaded (${readdirSync(downloads).join(', ')})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const file = path.join(downloads, name);
    const header = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8').split('\n', 1)[0]!);
    expect(header.format).toBe('pharmsupply-backup');
    expect(header.tables.find((t: { name: string }) => t.name === 'pharmacies').rows).toBe(1);

    const copy = await createDb({ dataDir: 'memory://', migrate: false });
    try {
      const report = await restoreBackup(copy.db, file);
      expect(report.violations).toEqual([]);
      const names = await copy.db.selectFrom('pharmacies').select('name').execute();
      expect(names).toEqual([{ name: 'Juniper Compounding' }]);
    } finally {
      await copy.close();
    }
    expect(pageProblems(page)).toEqual([]);
  },
);

it.runIf(onPostgres)(
  'says on PostgreSQL that backups are the operator’s, with no Back up now',
  async () => {
    await page.goto(`${baseUrl()}/settings`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('[data-testid="backups-operator"]');
    await waitForText(page, 'pg_dump');
    expect(await page.$$eval('button', (buttons) => buttons.map((b) => b.innerText))).not.toContain(
      'Back up now',
    );
    expect(pageProblems(page)).toEqual([]);
  },
);
