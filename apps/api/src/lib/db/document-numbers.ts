import { sql } from 'kysely';
import type { Db } from '@pharm/db';
import type { Entity } from '../entity.js';
import { claimLockRank } from './transaction.js';

/** The counter row is locked last of all (docs/rules.md §3). */
const COUNTER_RANK = 1000;

/**
 * The next number of an entity's kind for this year ('ORD-2026-00001'). The counter row stays locked
 * until the caller's transaction ends, so concurrent creates queue up and numbers are never
 * skipped or reused (a rolled-back create gives its number back).
 */
export async function nextDocumentNumber(
  trx: Db,
  entity: Entity,
  now = new Date(),
): Promise<string> {
  const kind = entity.numberPrefix;
  if (!kind) throw new Error(`${entity.label} has no document numbers`);
  claimLockRank(trx, COUNTER_RANK, 'the document counter');
  const year = now.getFullYear();
  const { lastValue } = await trx
    .insertInto('documentCounters')
    .values({ kind, year, lastValue: 1 })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'year'])
        .doUpdateSet({ lastValue: sql<number>`document_counters.last_value + 1` }),
    )
    .returning('lastValue')
    .executeTakeFirstOrThrow();
  return `${kind}-${year}-${String(lastValue).padStart(5, '0')}`;
}
