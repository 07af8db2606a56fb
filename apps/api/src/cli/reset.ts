import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { LOCK_FILE, lockDataDir } from '@pharm/db';
import { loadConfig } from '../config.js';
import { exitOnDataDirInUse } from './exit.js';

/** Where the server keeps the embedded database's backups (backups/service.ts): never deleted. */
const BACKUPS = 'backups';

/**
 * `pnpm db:reset`: deletes the embedded database in its folder, to start over (then `pnpm
 * db:seed`). The folder's backups stay, so a reset can be undone with `pnpm db:restore`.
 * It asks first and reads the answer from stdin, so a script can pipe `y` in; there is no flag
 * to skip the question. It never touches PostgreSQL, never runs in production, and takes the
 * folder's lock so that it cannot delete a database a running process has open.
 */

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = loadConfig();
const label = config.dataDirLabel;
if (config.production) refuse('pnpm db:reset refuses to run with NODE_ENV=production');
if (config.databaseUrl) {
  refuse(
    'pnpm db:reset deletes the embedded database folder only, and DATABASE_URL is set: ' +
      'unset it to reset the embedded database, or drop and create the PostgreSQL database yourself.',
  );
}
if (!existsSync(config.dataDir)) {
  console.log(`Nothing to reset: ${label} does not exist.`);
  process.exit(0);
}
// DATA_DIR may name any folder: delete only one that PGlite made (or an empty one).
const entries = readdirSync(config.dataDir).filter(
  (name) => name !== LOCK_FILE && name !== BACKUPS,
);
if (entries.length > 0 && !entries.includes('PG_VERSION')) {
  refuse(`${label} is not an embedded database folder (it has no PG_VERSION); not deleting it.`);
}

let lock: ReturnType<typeof lockDataDir>;
try {
  lock = lockDataDir(config.dataDir, { holder: 'pnpm db:reset', label });
} catch (error) {
  exitOnDataDirInUse(error);
}

const prompt = createInterface({ input: process.stdin, output: process.stdout });
// End of input (nothing piped, Ctrl-D) is a no.
const answer = await Promise.race([
  prompt
    .question(
      `Delete the embedded database in ${label}, with every user, pharmacy, order, invoice and payment in it? [y/N] `,
    )
    .catch(() => ''),
  new Promise<string>((resolve) => prompt.once('close', () => resolve(''))),
]);
prompt.close();
// A piped answer is not echoed: end the question's line.
if (!process.stdin.isTTY) console.log();
if (!/^y(es)?$/i.test(answer.trim())) {
  lock.release();
  console.log('Nothing deleted.');
  process.exit(0);
}
for (const name of entries)
  rmSync(path.join(config.dataDir, name), { recursive: true, force: true });
lock.release();
const kept = existsSync(path.join(config.dataDir, BACKUPS))
  ? ` Its backups are kept in ${path.join(label, BACKUPS)}.`
  : '';
console.log(
  `Deleted the embedded database in ${label}.${kept} Load the demo data again with pnpm db:seed, or start afresh.`,
);
