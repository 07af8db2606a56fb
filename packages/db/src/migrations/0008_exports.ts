import { sql, type Kysely } from 'kysely';

/**
 * Recall by lot (issue 12): an exact lot number or a prefix of it, in any case, answered from an
 * index at 1,000,000 invoices. `text_pattern_ops` lets a left-anchored LIKE use the btree whatever
 * the database's collation; only invoices that name a lot are indexed, and the recall query says
 * `lot_number is not null` so the planner may use the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index invoices_lot_number_idx
      on invoices (lower(lot_number) text_pattern_ops)
      where lot_number is not null`.execute(db);
}
