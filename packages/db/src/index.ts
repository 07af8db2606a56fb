export * from './schema.js';
export * from './client.js';
export {
  DataDirInUseError,
  LOCK_FILE,
  lockDataDir,
  type DataDirLock,
  type LockOwner,
} from './data-dir-lock.js';
export { migrateToLatest } from './migrate.js';
export { createScratchDatabase } from './scratch.js';
export { moneyViolations } from './money-invariants.js';
