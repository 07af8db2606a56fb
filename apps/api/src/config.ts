import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: two levels above apps/api (from src/ in dev, dist/ when built). */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '../..');

export interface AppConfig {
  port: number;
  host: string;
  /** postgres:// URL; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
  /** Signs session cookies; when unset a secret generated once is kept in the database. */
  sessionSecret: string | undefined;
  /** Folder of the built web app served on the same port, when it exists. */
  webDist: string | undefined;
  /** The catalogue import provider's display name and feed location. */
  catalogProviderName: string;
  catalogFeed: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const production = env.NODE_ENV === 'production';
  const webDist = path.join(repoRoot, 'apps/web/dist');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? path.join(repoRoot, '.data'),
    production,
    sessionSecret: env.SESSION_SECRET || undefined,
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    catalogProviderName: env.CATALOG_PROVIDER_NAME ?? 'MedSupply Direct',
    catalogFeed: env.CATALOG_FEED ?? path.join(repoRoot, 'apps/api/catalog/sample-catalog.json'),
  };
}
