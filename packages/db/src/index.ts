export * from './schema.js';
export * from './client.js';
export {
  DataDirInUseError,
  LOCK_FILE,
  lockDataDir,
  type DataDirLock,
  type LockOwner,
} from './data-dir-lock.js';
export {
  LATEST_MIGRATION,
  MIGRATIONS,
  migrateTo,
  migrateToLatest,
  migrationState,
} from './migrate.js';
export { writeBackup, type WriteBackupOptions } from './backup/dump.js';
export {
  BackupError,
  readBackupHeader,
  verifyBackup,
  type BackupHeader,
  type BackupProblem,
} from './backup/file.js';
export {
  databaseContents,
  restoreBackup,
  type RestoreOptions,
  type RestoreReport,
  type TableCount,
} from './backup/restore.js';
export { createScratchDatabase } from './scratch.js';
export { moneyViolations } from './money-invariants.js';
export {
  ALLOCATION_ROW,
  allocationCountsFrom,
  allocationInvoiceDate,
  type AllocationRef,
} from './allocation-day.js';
