import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The API as `pnpm --filter @pharm/api build` leaves it. */
export const API_MAIN = fileURLToPath(new URL('../../apps/api/dist/main.js', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the child has exited (at once when it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The node flags `pnpm start` gives the build at `main` (its apps/api/package.json). */
function startFlags(main: string): string[] {
  const apiPackage = JSON.parse(readFileSync(path.join(main, '../../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return apiPackage.scripts.start.split(/\s+/).filter((arg) => arg.startsWith('--'));
}

/**
 * Starts the build at `main` as production starts it (NODE_ENV=production, the JSON request log
 * at info level, here into `logFile`) with `database` as its only other settings, and waits for
 * /healthz. `onSpawn` gets the child at once, so that a caller can stop it even if it never
 * answers.
 */
export async function startBuiltServer(options: {
  label: string;
  main: string;
  database: { DATABASE_URL: string } | { DATA_DIR: string };
  logFile: string;
  /** More settings, beside the database. */
  env?: Record<string, string>;
  nodeFlags?: string[];
  onSpawn: (child: ChildProcess) => void;
}): Promise<{ url: string; child: ChildProcess }> {
  const { label, main, logFile } = options;
  const port = await freePort();
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...startFlags(main), main], {
    // What `pnpm start` gives it in production; nothing else from this shell.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...options.database,
      ...options.env,
    },
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  options.onSpawn(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: the server exited (${logFile})`);
    if (Date.now() > deadline) throw new Error(`${label}: no answer on /healthz within 60 s`);
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
