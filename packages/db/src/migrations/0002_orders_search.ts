import { sql, type Kysely } from 'kysely';

/**
 * The orders list's text filter matches order numbers anywhere in the string ('00042' finds
 * ORD-2026-00042); without a trigram index that is a scan of every order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_number_search_idx on orders using gin (order_number gin_trgm_ops)`.execute(
    db,
  );
}
