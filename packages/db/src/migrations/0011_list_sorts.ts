import { sql, type Kysely } from 'kysely';

/**
 * The lists' sorts (issue 25): each is a keyset on (column, id), so a (column, id) index answers
 * any page of it, either way round, from its first row; without one a sorted page of a million
 * invoices sorts all of them. The pharmacy sorts walk pharmacies by name and each one's rows by
 * id (the *_pharmacy_newest_idx of 0005). Order, invoice and payment numbers are unique, but the
 * sort still breaks ties by id, which their unique index alone does not order.
 */
const INDEXES: Record<string, readonly string[]> = {
  orders: ['order_number', 'order_date', 'total', 'status'],
  invoices: ['invoice_number', 'invoice_date', 'due_date', 'total', 'balance', 'status'],
  payments: ['payment_number', 'date', 'amount'],
  pharmacies: ['name', 'balance'],
  products: ['name', 'sku', 'default_price'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(INDEXES)) {
    for (const column of columns) {
      await sql`
        create index ${sql.raw(`${table}_${column}_sort_idx`)}
          on ${sql.raw(table)} (${sql.raw(column)}, id)`.execute(db);
    }
  }
  await sql`create index payments_pharmacy_newest_idx on payments (pharmacy_id, id)`.execute(db);
}
