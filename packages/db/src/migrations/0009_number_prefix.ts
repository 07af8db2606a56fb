import { sql, type Kysely } from 'kysely';

/**
 * The global search's anchored number texts ('INV-2025', '2024-1'): a document number is
 * KIND-YYYY-NNNNN, so such a text can only be the start of a number, and a left-anchored LIKE on
 * these indexes finds the newest ten at once, read backwards one number length at a time (past
 * 99,999 a year the numbers grow a digit, and a longer number is a newer one). The trigram index
 * answers the same text by collecting every match first (250,000 for 'INV-2025' at 1,000,000
 * invoices, 150–450 ms). `text_pattern_ops` whatever the database's collation, as for the lot
 * numbers (0008).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index invoices_number_prefix_idx
      on invoices (length(invoice_number), invoice_number text_pattern_ops)`.execute(db);
  await sql`
    create index orders_number_prefix_idx
      on orders (length(order_number), order_number text_pattern_ops)`.execute(db);
}
