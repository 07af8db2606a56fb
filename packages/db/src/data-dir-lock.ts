import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The lock's file, inside the folder it guards (PGlite ignores it). */
export const LOCK_FILE = 'pharmsupply.lock';

/** What the lock file says about the process holding the folder. */
export interface LockOwner {
  pid: number;
  /** Who it is, as others are told: 'the server', 'pnpm db:seed'. */
  holder: string;
  hostname: string;
  /** The process's start time in clock ticks after boot (Linux), to tell a reused pid apart. */
  started: string | null;
  since: string;
  token: string;
}

/** Thrown when another live process holds the folder; its message is meant for people as is. */
export class DataDirInUseError extends Error {
  constructor(
    /** The folder as the caller named it. */
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    const where = owner.hostname === os.hostname() ? '' : ` on ${owner.hostname}`;
    super(
      `The embedded database in ${dataDir} is in use by ${owner.holder} (pid ${owner.pid}${where}). ` +
        `Stop ${owner.holder} first, or set DATABASE_URL.` +
        (where
          ? ` If that machine no longer uses the folder, delete ${path.join(dataDir, LOCK_FILE)}.`
          : ''),
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still this lock's; later calls do nothing. */
  release(): void;
}

export interface LockOptions {
  /** Who takes the folder, as other processes are told while it is held. */
  holder: string;
  /** How messages name the folder (default: `dir` as given). */
  label?: string;
}

/** Locks this process holds, released on exit if nobody released them before. */
const held = new Map<string, () => void>();
let exitHookInstalled = false;

/**
 * Takes the folder for this process, creating it if needed: one process at a time may open an
 * embedded database, or both lose writes. The lock file is written aside and hard-linked into
 * place, so it appears complete or not at all. A lock whose process is gone (or whose pid now
 * belongs to another process, on Linux) is taken over; a live one throws DataDirInUseError.
 */
export function lockDataDir(dir: string, options: LockOptions): DataDirLock {
  const file = path.join(path.resolve(dir), LOCK_FILE);
  const label = options.label ?? dir;
  mkdirSync(path.dirname(file), { recursive: true });
  const owner: LockOwner = {
    pid: process.pid,
    holder: options.holder,
    hostname: os.hostname(),
    started: processStart(process.pid),
    since: new Date().toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  const content = JSON.stringify(owner);
  const draft = `${file}.${owner.token}`;
  writeFileSync(draft, content);
  try {
    // A few rounds: each lost race ends with a file that is live (refused) or stale (taken over).
    for (let round = 0; round < 5; round++) {
      try {
        linkSync(draft, file);
        return hold(file, content);
      } catch (error) {
        if (!isCode(error, 'EEXIST')) throw error;
      }
      const seen = readText(file);
      if (seen === undefined) continue;
      const current = parseOwner(seen);
      if (current && isAlive(current, file)) throw new DataDirInUseError(label, current);
      removeStale(file, seen);
    }
    throw new Error(`Could not lock ${label}: other processes keep taking it`);
  } finally {
    unlinkSync(draft);
  }
}

function hold(file: string, content: string): DataDirLock {
  const release = () => {
    if (held.get(file) !== release) return;
    held.delete(file);
    if (readText(file) === content) unlinkSync(file);
  };
  held.set(file, release);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const release of [...held.values()]) release();
    });
  }
  return { release };
}

/**
 * Moves a stale lock aside and checks that what it moved is the file judged stale: another
 * process may have taken the folder over in between, and then its fresh lock is put back.
 * (Should a third process lock the folder in the moment the file is aside, two would believe
 * they hold it; that needs three processes starting on a stale lock within microseconds.)
 */
function removeStale(file: string, staleContent: string): void {
  const aside = `${file}.${randomBytes(8).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return;
    throw error;
  }
  if (readText(aside) !== staleContent) {
    try {
      linkSync(aside, file);
    } catch (error) {
      if (!isCode(error, 'EEXIST')) throw error;
    }
  }
  unlinkSync(aside);
}

/**
 * Whether the lock's process still runs. On another machine (a shared folder) that cannot be
 * known: it counts as alive. A pid of this process in a lock this process does not hold is a
 * leftover of an earlier process that had the same pid (a container's pid 1, say).
 */
function isAlive(owner: LockOwner, file: string): boolean {
  if (owner.hostname !== os.hostname()) return true;
  if (owner.pid === process.pid) return held.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isCode(error, 'EPERM');
  }
  const started = processStart(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** Field 22 of /proc/<pid>/stat, the start time after boot; null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<Record<keyof LockOwner, unknown>>;
    const { pid, holder, hostname, started, since, token } = value;
    if (typeof pid !== 'number' || typeof holder !== 'string' || typeof hostname !== 'string') {
      return undefined;
    }
    return {
      pid,
      holder,
      hostname,
      started: typeof started === 'string' ? started : null,
      since: String(since),
      token: String(token),
    };
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if (isCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === code;
}
