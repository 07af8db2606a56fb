import {
  Migrator,
  sql,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';
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
import * as listSorts from './migrations/0011_list_sorts.js';
import * as reportPeriods from './migrations/0012_report_periods.js';
import * as roles from './migrations/0013_roles.js';
import * as licences from './migrations/0014_licences.js';
import * as productLines from './migrations/0015_product_lines.js';
import * as cashApplication from './migrations/0016_cash_application.js';
import * as email from './migrations/0017_email.js';
import * as lots from './migrations/0018_lots.js';
import * as dunning from './migrations/0020_dunning.js';
import * as recalls from './migrations/0021_recalls.js';
import * as feesAndCreditNoteEmail from './migrations/0023_fees_and_credit_note_email.js';
import * as recallEmails from './migrations/0024_recall_emails.js';
import * as allocationDates from './migrations/0025_allocation_dates.js';
import * as paymentSoftDelete from './migrations/0026_payment_soft_delete.js';
import * as allocationCountsFrom from './migrations/0027_allocation_counts_from.js';
import * as lineLotInvoiceIdx from './migrations/0029_line_lot_invoice_idx.js';
import * as allocationInvoiceDate from './migrations/0030_allocation_invoice_date.js';
import * as monthlySales from './migrations/0031_monthly_sales.js';

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
  '0011_list_sorts': listSorts,
  '0012_report_periods': reportPeriods,
  '0013_roles': roles,
  '0014_licences': licences,
  '0015_product_lines': productLines,
  '0016_cash_application': cashApplication,
  '0017_email': email,
  '0018_lots': lots,
  '0020_dunning': dunning,
  '0021_recalls': recalls,
  '0023_fees_and_credit_note_email': feesAndCreditNoteEmail,
  '0024_recall_emails': recallEmails,
  '0025_allocation_dates': allocationDates,
  '0026_payment_soft_delete': paymentSoftDelete,
  '0027_allocation_counts_from': allocationCountsFrom,
  '0029_line_lot_invoice_idx': lineLotInvoiceIdx,
  '0030_allocation_invoice_date': allocationInvoiceDate,
  '0031_monthly_sales': monthlySales,
};

/** Runs `migrations` (a test may stop at an older one, to build data as it was then). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations this code knows, oldest first; a backup names the last one it had. */
export const MIGRATIONS: readonly string[] = Object.keys(migrations);
export const LATEST_MIGRATION = MIGRATIONS[MIGRATIONS.length - 1]!;

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  reportFailure(await migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` (a restore loads rows into that schema). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  reportFailure(await migrator.migrateTo(name));
}

/**
 * How the database's migrations compare with this code's: the last one applied (undefined before
 * the first), those not yet run, and those applied that this code does not know (a newer version
 * migrated the database). One read of Kysely's own table.
 */
export async function migrationState(db: Kysely<Database>): Promise<{
  applied: string | undefined;
  pending: string[];
  unknown: string[];
}> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`
    .execute(db)
    .then(
      (result) => result.rows,
      (error: unknown) => {
        // 42P01: no such table, a database that was never migrated.
        if ((error as { code?: string }).code === '42P01') return [];
        throw error;
      },
    );
  const applied = new Set(rows.map((row) => row.name));
  return {
    applied: rows.at(-1)?.name,
    pending: MIGRATIONS.filter((name) => !applied.has(name)),
    unknown: rows.map((row) => row.name).filter((name) => !(name in migrations)),
  };
}

function reportFailure({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}
