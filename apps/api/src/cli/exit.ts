import { DataDirInUseError } from '@pharm/db';

/**
 * For a command's `createDb(...).catch`: when another process has the embedded database, prints
 * the error's message (who holds it and what to do), with no stack trace, and exits 1.
 */
export function exitOnDataDirInUse(error: unknown): never {
  if (!(error instanceof DataDirInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
