import { parentPort, workerData } from 'node:worker_threads';
import { createDb, writeBackup } from '@pharm/db';
import type { SnapshotJob } from './snapshot.js';

// Writes the backup of a snapshot copy of the embedded database (snapshot.ts) in its own thread
// with its own PGlite, so the server's event loop and database stay free meanwhile.
const job = workerData as SnapshotJob;
const handle = await createDb({ dataDir: job.dataDir, migrate: false });
try {
  parentPort!.postMessage(
    await writeBackup(handle, job.file, { productVersion: job.productVersion }),
  );
} finally {
  await handle.close();
}
