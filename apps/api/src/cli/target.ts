import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../config.js';

/** The repository root, where `pnpm db:…` runs: relative file names are taken from there. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function fromRepoRoot(file: string): string {
  return path.resolve(repoRoot, file);
}

/** The database a command works on, as people know it (never with its password). */
export function describeDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) {
    const inRepo = path.relative(repoRoot, config.dataDir);
    const where =
      inRepo.startsWith('..') || path.isAbsolute(inRepo) ? config.dataDir : `./${inRepo}`;
    return `the embedded database in ${where}`;
  }
  const url = new URL(config.databaseUrl);
  return `PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host}`;
}

/** A failed command: its message alone (the stack too with LOG_LEVEL=debug), exit status 1. */
export function fail(what: string, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${what}: ${message}`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
}
