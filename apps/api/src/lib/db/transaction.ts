import type { Database, Db } from '@pharm/db';
import type { Selectable } from 'kysely';
import { notFound } from '../domain-error.js';
import type { Entity } from '../entity.js';

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

/**
 * Runs a read of several statements on one snapshot (REPEATABLE READ), so that a record and its
 * parts read one after another agree even while another transaction changes them; inside a
 * transaction already, on that one.
 */
export function inSnapshot<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return read(db);
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}

/** How a row is locked: FOR UPDATE to change or delete it, FOR SHARE to keep it as it is. */
export type LockStrength = 'update' | 'share';

/**
 * The highest lock rank each open transaction holds (lib/entity.ts): locking a lower rank after
 * it would break the documented order and risk a deadlock, so it fails at once, in the tests,
 * instead of once in a while under load.
 */
const heldRank = new WeakMap<Db, number>();

/** Records that `trx` now holds a lock of this rank; refuses one that comes out of order. */
export function claimLockRank(trx: Db, rank: number, what: string): void {
  const held = heldRank.get(trx) ?? 0;
  if (rank < held) {
    throw new Error(`Lock order broken: ${what} (rank ${rank}) locked after rank ${held}`);
  }
  heldRank.set(trx, rank);
}

/**
 * The row with this id, locked until the transaction ends, in the locking order of
 * docs/rules.md §3 (the entity's lock rank); a 404 naming the record when there is none (or it
 * is deleted, for a soft-deleted entity).
 */
export async function lockOrThrow<T extends keyof Database>(
  trx: Db,
  entity: Entity<T>,
  id: number,
  strength: LockStrength = 'update',
): Promise<Selectable<Database[T]>> {
  if (entity.lockRank !== undefined) claimLockRank(trx, entity.lockRank, entity.label);
  // Kysely cannot follow a table name held in a type parameter; the row type is restored below.
  const query = trx
    .selectFrom(entity.table as 'orders')
    .selectAll()
    .where('id', '=', id);
  const row = await (
    strength === 'update' ? query.forUpdate() : query.forShare()
  ).executeTakeFirst();
  // A row deleted after the caller read it (and before this lock) is gone all the same.
  if (!row || (entity.softDeleted && (row as { deletedAt?: unknown }).deletedAt != null)) {
    throw notFound(entity.label);
  }
  return row as unknown as Selectable<Database[T]>;
}
