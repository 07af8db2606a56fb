import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE } from '@pharm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from './helpers.js';

/**
 * One process per embedded database folder, tried with real processes: the server, then a second
 * server, `pnpm db:seed`, `pnpm db:migrate` and `pnpm db:reset` (their entry points) on the same
 * DATA_DIR. PGlite only: with DATABASE_URL there is no folder.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string;
let env: NodeJS.ProcessEnv;
/** Killed at the end should one still run (a test that failed waiting for it). */
const started: ChildProcess[] = [];

/** Runs an entry point of the API to its end, with `input` on its stdin. */
function run(
  entry: string,
  input = '',
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiDir,
    env: { ...env, ...extraEnv },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe.skipIf(usingPostgres)('one process per embedded database folder', () => {
  let server: ChildProcess;
  let exited: Promise<number | null>;
  let base: string;
  const inUse = () =>
    `The embedded database in ${dataDir} is in use by the server (pid ${server.pid}). ` +
    'Stop the server first, or set DATABASE_URL.';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pharm-lock-'));
    env = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(40),
    };
    server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => server.on('exit', resolve));
    base = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      server.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
    });
  }, 60_000);

  afterAll(async () => {
    for (const child of started) if (child.exitCode === null) child.kill();
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second server on the folder exits 1 with the message alone, and the first keeps working', async () => {
    const second = await run('src/main.ts');
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`${inUse()}\n`);
    expect(second.stdout).toBe('');

    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'still@example.com', password: 'secret12' }),
    });
    expect(res.status).toBe(201);
  }, 60_000);

  it('pnpm db:seed and pnpm db:migrate on the folder exit 1 with the message and change nothing', async () => {
    for (const entry of ['src/seed/index.ts', 'src/cli/migrate.ts']) {
      const result = await run(entry);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`${inUse()}\n`);
      expect(result.stdout).toBe('');
    }
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@pharmsupply.test', password: 'demo1234' }),
    });
    expect(login.status).toBe(401);
  }, 60_000);

  it('pnpm db:reset refuses while the server has the folder, even when told yes', async () => {
    const reset = await run('src/cli/reset.ts', 'y\n');
    expect(reset.code).toBe(1);
    expect(reset.stderr).toBe(`${inUse()}\n`);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }, 60_000);

  it('frees the folder when the server stops: the lock file is gone and migrate runs', async () => {
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const migrate = await run('src/cli/migrate.ts');
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toBe(`Migrations are up to date (PGlite in ${dataDir}).\n`);
  }, 60_000);

  it('pnpm db:reset never touches a DATABASE_URL database, and deletes the folder only when told yes', async () => {
    const withUrl = await run('src/cli/reset.ts', 'y\n', {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(withUrl.code).toBe(1);
    expect(withUrl.stderr).toMatch(/^pnpm db:reset deletes the embedded database folder only/);

    const other = mkdtempSync(path.join(os.tmpdir(), 'pharm-not-a-db-'));
    writeFileSync(path.join(other, 'notes.txt'), 'keep me');
    const notADatabase = await run('src/cli/reset.ts', 'y\n', { DATA_DIR: other });
    const kept = existsSync(path.join(other, 'notes.txt'));
    rmSync(other, { recursive: true });
    expect(kept).toBe(true);
    expect(notADatabase.code).toBe(1);
    expect(notADatabase.stderr).toBe(
      `${other} is not an embedded database folder (it has no PG_VERSION); not deleting it.\n`,
    );

    const declined = await run('src/cli/reset.ts', '');
    expect(declined.code).toBe(0);
    expect(declined.stdout).toMatch(/\[y\/N\] \nNothing deleted\.\n$/);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    writeFileSync(path.join(dataDir, 'backups', 'daily.backup'), 'a backup');
    const confirmed = await run('src/cli/reset.ts', 'y\n');
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain(
      `Deleted the embedded database in ${dataDir}. Its backups are kept in ${dataDir}/backups.`,
    );
    expect(readdirSync(dataDir)).toEqual(['backups']);
    expect(readFileSync(path.join(dataDir, 'backups', 'daily.backup'), 'utf8')).toBe('a backup');
  }, 60_000);
});
