import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from './client.js';
import { DataDirInUseError, LOCK_FILE, lockDataDir, type LockOwner } from './data-dir-lock.js';

let dir: string;
let lockFile: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pharm-lock-'));
  lockFile = path.join(dir, LOCK_FILE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterAll(() => children.forEach((child) => child.kill()));

/** A process that stays alive until the tests end. */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

function writeLock(owner: Partial<LockOwner>): void {
  writeFileSync(
    lockFile,
    JSON.stringify({
      holder: 'the server',
      hostname: os.hostname(),
      started: null,
      since: new Date().toISOString(),
      token: 'theirs',
      ...owner,
    }),
  );
}

function lockOwner(): LockOwner {
  return JSON.parse(readFileSync(lockFile, 'utf8')) as LockOwner;
}

describe('lockDataDir', () => {
  it('writes a lock file naming this process and removes it on release', () => {
    const lock = lockDataDir(dir, { holder: 'pnpm db:seed' });
    expect(lockOwner()).toMatchObject({ pid: process.pid, holder: 'pnpm db:seed' });
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it('creates the folder when it does not exist yet', () => {
    const lock = lockDataDir(path.join(dir, 'new', '.data'), { holder: 'the server' });
    expect(existsSync(path.join(dir, 'new', '.data', LOCK_FILE))).toBe(true);
    lock.release();
  });

  it('refuses while a live process holds the folder, naming it and what to do', () => {
    const pid = liveProcess();
    writeLock({ pid });
    let refused: unknown;
    try {
      lockDataDir(dir, { holder: 'pnpm db:seed', label: './.data' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toBe(
      `The embedded database in ./.data is in use by the server (pid ${pid}). Stop the server first, or set DATABASE_URL.`,
    );
    expect(lockOwner()).toMatchObject({ pid, token: 'theirs' });
  });

  it('refuses a second lock in the same process', () => {
    const lock = lockDataDir(dir, { holder: 'the server' });
    expect(() => lockDataDir(dir, { holder: 'pnpm db:migrate' })).toThrow(
      `is in use by the server (pid ${process.pid})`,
    );
    lock.release();
  });

  it('takes over a lock whose process has exited', async () => {
    writeLock({ pid: await deadPid() });
    const lock = lockDataDir(dir, { holder: 'the server' });
    expect(lockOwner().pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to a process started later',
    () => {
      writeLock({ pid: liveProcess(), started: '1' });
      const lock = lockDataDir(dir, { holder: 'the server' });
      expect(lockOwner().pid).toBe(process.pid);
      lock.release();
    },
  );

  it("takes over a lock that names this process's pid but is not this process's", () => {
    writeLock({ pid: process.pid });
    const lock = lockDataDir(dir, { holder: 'the server' });
    expect(lockOwner().token).not.toBe('theirs');
    lock.release();
  });

  it('takes over a lock file that cannot be read as a lock', () => {
    writeFileSync(lockFile, 'not json');
    lockDataDir(dir, { holder: 'the server' }).release();
  });

  it('counts a lock from another machine as held, and says how to free it', () => {
    writeLock({ pid: 1, hostname: 'elsewhere.example' });
    expect(() => lockDataDir(dir, { holder: 'the server', label: './.data' })).toThrow(
      `in use by the server (pid 1 on elsewhere.example). Stop the server first, or set DATABASE_URL. If that machine no longer uses the folder, delete ${path.join('.data', LOCK_FILE)}.`,
    );
  });

  it('leaves a lock alone on release once another process has it', () => {
    const lock = lockDataDir(dir, { holder: 'the server' });
    writeLock({ pid: 1 });
    lock.release();
    expect(lockOwner().token).toBe('theirs');
  });
});

describe('createDb on a folder', () => {
  it('holds the lock while open and releases it on close', async () => {
    const handle = await createDb({ dataDir: dir, holder: 'the server' });
    expect(lockOwner()).toMatchObject({ pid: process.pid, holder: 'the server' });
    await expect(
      createDb({ dataDir: dir, holder: 'pnpm db:seed', dataDirLabel: './.data' }),
    ).rejects.toThrow(
      `The embedded database in ./.data is in use by the server (pid ${process.pid}). Stop the server first, or set DATABASE_URL.`,
    );
    await handle.close();
    expect(existsSync(lockFile)).toBe(false);
    const again = await createDb({ dataDir: dir, holder: 'pnpm db:seed' });
    await again.close();
  }, 60_000);

  it('takes no lock for an in-memory database', async () => {
    const a = await createDb({ dataDir: 'memory://' });
    const b = await createDb({ dataDir: 'memory://' });
    await Promise.all([a.close(), b.close()]);
  }, 60_000);
});
