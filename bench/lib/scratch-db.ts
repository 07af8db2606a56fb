import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, createScratchDatabase, type DbHandle } from '@pharm/db';

/**
 * A scratch database for a benchmark: a new PostgreSQL database when DATABASE_URL is set,
 * else PGlite in a temporary folder (on disk, as the app runs it). `dispose` removes it.
 */
export async function openScratchDb(): Promise<{
  handle: DbHandle;
  label: string;
  dispose: () => Promise<void>;
}> {
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'pharm_bench');
    const handle = await createDb({ url: scratch.url });
    return {
      handle,
      label: 'PostgreSQL',
      dispose: async () => {
        await handle.close();
        await scratch.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pharm-bench-'));
  const handle = await createDb({ dataDir: dir });
  return {
    handle,
    label: 'PGlite (on disk)',
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
