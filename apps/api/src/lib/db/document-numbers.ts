import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Db } from '@pharm/db';
import type { Entity } from '../entity.js';
import type { ActivityEntry } from '../../modules/activity/record.js';
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

/**
 * What a new document is inserted with until numberCreated gives it its number: unique, so that
 * concurrent creates never wait on each other in the number's index, and seen by no other
 * transaction, since numberCreated replaces it before the commit.
 */
export function provisionalNumber(entity: Entity): string {
  return `${entity.numberPrefix}-${randomUUID()}`;
}

/**
 * Numbers the document this transaction created under `provisional` and writes its activity
 * log entry, in one statement, which must be the transaction's last before the commit: the
 * counter row is locked from here to the commit only, not across the create's other round trips
 * (with 16 clients on one counter, they were what every create queued behind). Wherever the
 * provisional number stands in the log entry (the snapshot, the label) the number replaces it.
 * Numbers stay gapless and unique as with nextDocumentNumber: the counter's row lock serialises
 * the creates and a rollback gives the number back.
 */
export async function numberCreated<T extends keyof Database>(
  trx: Db,
  entity: Entity<T>,
  document: { id: number; provisional: string; column: keyof Database[T] & string },
  log: ActivityEntry,
  now = new Date(),
): Promise<string> {
  const kind = entity.numberPrefix;
  if (!kind) throw new Error(`${entity.label} has no document numbers`);
  claimLockRank(trx, COUNTER_RANK, 'the document counter');
  const year = now.getFullYear();
  const column = sql.ref(document.column);
  const qualified = sql.ref(`d.${document.column}`);
  const result = await sql<{ number: string }>`
    with counter as (
      insert into document_counters (kind, year, last_value) values (${kind}, ${year}, 1)
      on conflict (kind, year) do update set last_value = document_counters.last_value + 1
      returning last_value
    ), numbered as (
      update ${sql.table(entity.table)} as d
         set ${column} = ${`${kind}-${year}-`}::text
                          || lpad(c.last_value::text, greatest(5, length(c.last_value::text)), '0')
        from counter c
       where d.id = ${document.id} and ${qualified} = ${document.provisional}
      returning ${qualified} as number
    ), logged as (
      insert into activity_log (entity_type, entity_id, action, details, user_id)
      select ${log.entityType}::text, ${log.entityId}::integer, ${log.action}::text,
             replace(${JSON.stringify(log.details)}::text, ${document.provisional}::text, n.number)::jsonb,
             ${log.userId}::uuid
        from numbered n
    )
    select number from numbered`.execute(trx);
  const number = result.rows[0]?.number;
  if (!number) {
    throw new Error(`${entity.label} ${document.id} is not this transaction's new document`);
  }
  return number;
}
