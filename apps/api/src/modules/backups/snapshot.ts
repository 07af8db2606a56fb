import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BackupHeader, DbHandle } from '@pharm/db';
import { sql } from 'kysely';

/** What the backup worker gets: the snapshot copy to open and the file to write. */
export interface SnapshotJob {
  dataDir: string;
  file: string;
  productVersion: string;
}

/** PostgreSQL's own files in a data folder: all a snapshot copies (not backups/, nor a lock file). */
const POSTGRES_ENTRY = /^(PG_VERSION|base|global|pg_[\w.]+|postgresql(\.auto)?\.conf)$/;

/**
 * A backup of the embedded database while the server keeps serving. PGlite is one connection,
 * and a backup read through it would hold every request up for as long as the reading takes
 * (5 s for 700,000 rows, bench/README.md). Instead the connection is held only while
 * PostgreSQL writes its buffers out (CHECKPOINT) and the folder is copied (a clone where the
 * file system can, else a copy): nothing runs in PGlite meanwhile, so the copy is the database
 * as of one moment. A worker thread opens the copy in a PGlite of its own and writes the
 * backup from it; the copy is deleted after. `heldMs` is how long requests waited.
 */
export async function snapshotBackup(
  handle: DbHandle & { dataDir: string },
  workDir: string,
  file: string,
  productVersion: string,
): Promise<{ header: BackupHeader; heldMs: number }> {
  const scratch = await mkdtemp(path.join(workDir, '.snapshot-'));
  const copy = path.join(scratch, 'data');
  try {
    const heldMs = await handle.db.connection().execute(async (connection) => {
      const started = performance.now();
      await sql`checkpoint`.execute(connection);
      await copyFolder(handle.dataDir, copy);
      return performance.now() - started;
    });
    const header = await runWorker({ dataDir: copy, file, productVersion });
    return { header, heldMs };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Copies PostgreSQL's files of a data folder, several at a time (node's fs.cp copies one after
 * another, which took twice as long for the thousand-odd small files of a data folder), cloning
 * them where the file system can.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const files: string[] = [];
  for (const top of await readdir(from, { withFileTypes: true })) {
    if (!POSTGRES_ENTRY.test(top.name)) continue;
    if (!top.isDirectory()) {
      files.push(top.name);
      continue;
    }
    await mkdir(path.join(to, top.name), { recursive: true });
    for (const entry of await readdir(path.join(from, top.name), {
      recursive: true,
      withFileTypes: true,
    })) {
      const name = path.relative(from, path.join(entry.parentPath, entry.name));
      if (entry.isDirectory()) await mkdir(path.join(to, name), { recursive: true });
      else files.push(name);
    }
  }
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const name = files[next++]!;
      await copyFile(path.join(from, name), path.join(to, name), constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: 8 }, copier));
}

/**
 * The worker is the built `backup-worker.js` beside the server's bundle, or its TypeScript source
 * beside this file (development and tests), which needs tsx's loader in that thread.
 */
function runWorker(job: SnapshotJob): Promise<BackupHeader> {
  const self = fileURLToPath(import.meta.url);
  const source = self.endsWith('.ts');
  const worker = new Worker(new URL(`./backup-worker${path.extname(self)}`, import.meta.url), {
    workerData: job,
    execArgv: source
      ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
      : undefined,
  });
  return new Promise((resolve, reject) => {
    let header: BackupHeader | undefined;
    worker.once('message', (message: BackupHeader) => (header = message));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      header ? resolve(header) : reject(new Error(`The backup worker stopped (exit code ${code})`)),
    );
  });
}
