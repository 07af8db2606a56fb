import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { createDb, restoreBackup, type TableCount } from '@pharm/db';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { describeDatabase, fail, fromRepoRoot } from './target.js';

/**
 * pnpm db:restore FILE [--force]: restores a backup (pnpm db:backup, or one the server kept in
 * DATA_DIR/backups) into the database the app is configured for, which must be empty; --force
 * replaces what it holds after asking on the terminal. Prints the row counts, the migrations run
 * after loading, the money checks and where the document numbers go on.
 */
const usage = 'Usage: pnpm db:restore FILE [--force]';
const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((arg) => arg !== '--force');
if (files.length !== 1 || files[0]!.startsWith('-')) {
  console.error(usage);
  process.exit(2);
}
const file = fromRepoRoot(files[0]!);
if (!existsSync(file)) fail('Restore failed', new Error(`there is no file ${file}`));

const config = loadConfig();
const database = describeDatabase(config);

/**
 * Asks on the terminal before a database that holds data is replaced. (The root script runs this
 * through `pnpm --filter`, not turbo, whose tasks get no terminal input.)
 */
async function confirmReplace(filled: TableCount[]): Promise<boolean> {
  if (!process.stdin.isTTY) {
    throw new Error('--force asks before replacing a database, and there is no terminal to ask on');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(
      `${database[0]!.toUpperCase()}${database.slice(1)} holds ${filled.map((t) => `${t.rows} ${t.table}`).join(', ')}.\n` +
        `Replace all of it with ${file}? Type "replace" to go on: `,
    );
    if (answer.trim() !== 'replace') throw new Error('not replaced; the database is as it was');
    return true;
  } finally {
    prompt.close();
  }
}

try {
  const handle = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: false,
    // The newer migrations run over every restored row: minutes on a large backup.
    pool: { statementTimeoutMs: 0 },
  });
  try {
    const report = await restoreBackup(handle.db, file, {
      replace: force ? confirmReplace : false,
      onProgress: (line) => console.log(`  ${line}`),
    });
    const { header } = report;
    console.log(`Restored ${file} into ${database}`);
    console.log(
      `  from PharmSupply ${header.productVersion} (${header.source.driver}), taken ${header.createdAt}`,
    );
    console.log('  rows (each equal to the backup’s count):');
    for (const { table, rows } of report.counts) {
      console.log(`    ${table.padEnd(22)} ${String(rows).padStart(9)}`);
    }
    console.log(
      report.migrated.length
        ? `  migrations run after loading: ${report.migrated.join(', ')}`
        : `  schema: migration ${header.migration}, the latest this version knows`,
    );
    const { rows: counters } = await sql<{ kind: string; year: number; next: number }>`
      select kind, year, last_value + 1 as next from document_counters
       where (kind, year) in (select kind, max(year) from document_counters group by kind)
       order by kind`.execute(handle.db);
    if (counters.length) {
      console.log(
        `  next document numbers: ${counters
          .map((c) => `${c.kind}-${c.year}-${String(c.next).padStart(5, '0')}`)
          .join(', ')}`,
      );
    }
    if (report.violations.length) {
      console.error(`  money checks: ${report.violations.length} broken rules:`);
      for (const line of report.violations.slice(0, 50)) console.error(`    ${line}`);
      process.exitCode = 1;
    } else {
      console.log(
        '  money checks: all hold (each invoice’s balance, status and tax, each payment’s pharmacy, each pharmacy’s balance)',
      );
    }
  } finally {
    await handle.close();
  }
} catch (error) {
  fail('Restore failed', error);
}
process.exit();
