import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@pharm/db';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface RunningApp {
  baseUrl: string;
  stop: () => Promise<void>;
}

let current: RunningApp | undefined;

/** The address of the app this test file runs against. */
export function baseUrl(): string {
  if (!current) throw new Error('the app is not started (lib/per-file-app.ts starts it)');
  return current.baseUrl;
}

/**
 * Starts the built app (apps/api/dist serving apps/web/dist) on a port it picks itself, against a
 * new empty database: a scratch PostgreSQL database in the postgres project (vitest.config.ts),
 * else PGlite in a temporary folder. Each test file gets its own, so no file sees another's data.
 */
export async function startApp(): Promise<void> {
  const scratch =
    process.env.E2E_DB === 'postgres' && process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL, 'pharm_e2e')
      : undefined;
  const dataDir = scratch ? undefined : mkdtempSync(path.join(os.tmpdir(), 'pharm-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Production lets only the first user register; the tests each register their own.
      REGISTRATION: 'open',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: scratch?.url ?? '',
      DATA_DIR: dataDir ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 90_000;
  let url = '';
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`the app exited before it was ready:\n${output}`);
    }
    url ||= /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    if (
      url &&
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the app did not start in 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const index = await fetch(url).then((r) => r.text());
  if (!index.includes('<div id="root">')) {
    await stop();
    throw new Error('the built web app is not served: run pnpm build first');
  }
  current = { baseUrl: url, stop };
}

export async function stopApp(): Promise<void> {
  await current?.stop();
  current = undefined;
}
