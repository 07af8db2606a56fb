import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupEntry, BackupKind } from '@pharm/validators';

/** `pharmsupply-2026-11-25T09-54-13.123Z-daily.backup`: the time it was taken (UTC) and why. */
const NAME =
  /^pharmsupply-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d\.\d{3}Z)-(daily|shutdown|manual)\.backup$/;

/** Left behind by a backup that was cut short: a snapshot copy, rows or a file not yet renamed. */
const UNFINISHED = /^\.snapshot-|\.(rows|partial)$/;

/** A backup's file name: when (now) and why. */
export function backupName(kind: BackupKind, at = new Date()): string {
  return `pharmsupply-${at.toISOString().replace(/:/g, '-')}-${kind}.backup`;
}

/** The server's backups folder (DATA_DIR/backups): listing, retention, tidying up. */
export class BackupFolder {
  constructor(readonly dir: string) {}

  /** Creates the folder, readable by its owner only, and removes what an interrupted backup left. */
  async prepare(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(this.dir)) {
      if (UNFINISHED.test(name))
        await rm(path.join(this.dir, name), { recursive: true, force: true });
    }
  }

  /** Every backup in the folder, newest first. */
  async list(): Promise<BackupEntry[]> {
    const entries: BackupEntry[] = [];
    for (const name of await readdir(this.dir).catch(() => [])) {
      const match = NAME.exec(name);
      if (!match) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => undefined);
      if (!info?.isFile()) continue;
      entries.push({
        name,
        kind: match[4] as BackupKind,
        size: info.size,
        createdAt: `${match[1]}:${match[2]}:${match[3]}`,
      });
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** The path of a backup in the folder, only for a name this folder's backups have. */
  path(name: string): string | undefined {
    return NAME.test(name) ? path.join(this.dir, name) : undefined;
  }

  /** Deletes the oldest backups beyond the newest `keep`; the names deleted. */
  async prune(keep: number): Promise<string[]> {
    const old = (await this.list()).slice(keep).map((entry) => entry.name);
    for (const name of old) await rm(path.join(this.dir, name), { force: true });
    return old;
  }
}
