import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import * as initial from './migrations/0001_initial.js';
import * as ordersSearch from './migrations/0002_orders_search.js';
import * as frontDoor from './migrations/0003_front_door.js';
import * as money from './migrations/0004_money.js';
import * as insights from './migrations/0005_insights.js';
import * as statements from './migrations/0006_statements.js';
import * as history from './migrations/0007_history.js';
import * as exportsMigration from './migrations/0008_exports.js';
import * as numberPrefix from './migrations/0009_number_prefix.js';
import * as oneInvoicePerOrder from './migrations/0010_one_invoice_per_order.js';

/** Migrations are imported, not read from disk, so they survive bundling. Forward-only. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_orders_search': ordersSearch,
  '0003_front_door': frontDoor,
  '0004_money': money,
  '0005_insights': insights,
  '0006_statements': statements,
  '0007_history': history,
  '0008_exports': exportsMigration,
  '0009_number_prefix': numberPrefix,
  '0010_one_invoice_per_order': oneInvoicePerOrder,
};

/** Runs `migrations` (a test may stop at an older one, to build data as it was then). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
