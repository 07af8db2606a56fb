import { sql, type Kysely } from 'kysely';

/**
 * Recall by lot (issue 30) asks which invoices carry a lot's lines. With the lot alone in the
 * index, each line cost one heap page to find its invoice (344 pages for 354 lines of a
 * 10-lot prefix at 1,000,000 invoices); with the invoice id in the index it is read from the
 * index alone. It replaces 0018's index on the lot, which it covers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index invoice_line_items_lot_invoice_idx on invoice_line_items (lot_id, invoice_id)
      where lot_id is not null`.execute(db);
  await sql`drop index invoice_line_items_lot_idx`.execute(db);
}
