import type { Database, Db } from '@pharm/db';
import type { Selectable } from 'kysely';
import { notFound } from '../domain-error.js';

/** Serialization failure and deadlock: PostgreSQL asks for the transaction to be run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 3;

/**
 * Runs `work` in one transaction. A transaction PostgreSQL aborted because it raced another
 * (40001, 40P01) is run again, up to three times in all, before it becomes a 409.
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!(code && RETRYABLE.has(code)) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** How a row is locked: FOR UPDATE to change or delete it, FOR SHARE to keep it as it is. */
export type LockStrength = 'update' | 'share';

/** The records a request locks by id, and the name a 404 gives each. */
const ENTITIES = {
  pharmacies: 'Pharmacy',
  products: 'Product',
  productVariants: 'Variant',
  orders: 'Order',
  invoices: 'Invoice',
  payments: 'Payment',
} as const;
type LockableTable = keyof typeof ENTITIES;

/**
 * The row with this id, locked until the transaction ends (the locking order of docs/rules.md §3 is
 * the caller's to keep); a 404 naming the record when there is none.
 */
export async function lockOrThrow<T extends LockableTable>(
  trx: Db,
  table: T,
  id: number,
  strength: LockStrength = 'update',
): Promise<Selectable<Database[T]>> {
  // Kysely cannot follow a table name held in a type parameter; the row type is restored below.
  const query = trx
    .selectFrom(table as 'orders')
    .selectAll()
    .where('id', '=', id);
  const row = await (
    strength === 'update' ? query.forUpdate() : query.forShare()
  ).executeTakeFirst();
  if (!row) throw notFound(ENTITIES[table]);
  return row as unknown as Selectable<Database[T]>;
}
