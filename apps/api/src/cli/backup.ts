import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { createDb, writeBackup } from '@pharm/db';
import { loadConfig } from '../config.js';
import { PRODUCT_VERSION } from '../version.js';
import { describeDatabase, fail, fromRepoRoot } from './target.js';

/**
 * pnpm db:backup [FILE]: a backup of the database the app is configured for (DATABASE_URL, else
 * the embedded one in DATA_DIR) into FILE (default pharmsupply-<time>.backup in the repository
 * root). The embedded database must not be in use by a running server: that one backs itself up
 * (Settings → Backups).
 */
const usage = 'Usage: pnpm db:backup [FILE]';
const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const database = describeDatabase(config);
const file = fromRepoRoot(
  args[0] ?? `pharmsupply-${new Date().toISOString().replace(/:/g, '-')}.backup`,
);
if (!config.databaseUrl && !existsSync(config.dataDir)) {
  fail('Backup failed', new Error(`there is no ${database} (DATA_DIR)`));
}

try {
  const started = performance.now();
  const handle = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: false,
    pool: { max: 1 },
  });
  try {
    const header = await writeBackup(handle, file, { productVersion: PRODUCT_VERSION });
    const { size } = await stat(file);
    const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backed up ${database} to ${file}`);
    console.log(
      `  ${rows} rows in ${header.tables.length} tables, migration ${header.migration}, ` +
        `${(size / 1024).toFixed(0)} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const table of header.tables) {
      console.log(`  ${table.name.padEnd(22)} ${String(table.rows).padStart(9)}`);
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  fail('Backup failed', error);
}
