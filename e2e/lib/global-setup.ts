import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '@pharm/db';
import type { TestProject } from 'vitest/node';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the built app (apps/api/dist serving apps/web/dist) on a free port, against a scratch
 * PostgreSQL database when DATABASE_URL is set, else PGlite in a temporary folder.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'pharm_e2e') : undefined;
  const dataDir = scratch ? undefined : mkdtempSync(path.join(os.tmpdir(), 'pharm-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['apps/api/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: scratch?.url ?? '',
      DATA_DIR: dataDir ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the app exited before it was ready:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the app did not start in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const index = await fetch(baseUrl).then((r) => r.text());
  if (!index.includes('<div id="root">')) throw new Error('the built web app is not served: run pnpm build first');
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await scratch?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
