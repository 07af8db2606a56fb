import { z } from 'zod';
import { count, timestamp } from './common.js';

export const BACKUP_KINDS = ['daily', 'shutdown', 'manual'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** GET /api/backups/{name}: a backup by its file name. */
export const backupFileQuery = z.object({ name: z.string().max(100) });

/** A backup file of the embedded database. */
export const backupOutput = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  /** Bytes on disk (compressed). */
  size: count,
  /** When it was taken (ISO, UTC), from its name. */
  createdAt: timestamp,
});
export type BackupEntry = z.output<typeof backupOutput>;

/** The backups this server keeps, or that it keeps none (on PostgreSQL they are the operator's). */
export const backupsListOutput = z.discriminatedUnion('keptByServer', [
  z.object({
    keptByServer: z.literal(true),
    folder: z.string(),
    keep: count,
    backups: z.array(backupOutput),
  }),
  z.object({ keptByServer: z.literal(false) }),
]);

/**
 * Where a backup's file is on the server, for its download (GET /api/backups/{name}, which sends
 * the file itself).
 */
export const backupFileOutput = z.object({ name: z.string(), path: z.string() });
