import { sql } from 'kysely';
import type { Db } from '@pharm/db';

export type DocumentKind = 'ORD' | 'INV' | 'PAY';

/**
 * The next number of a kind for this year ('ORD-2026-00001'). The counter row stays locked
 * until the caller's transaction ends, so concurrent creates queue up and numbers are never
 * skipped or reused (a rolled-back create gives its number back).
 */
export async function nextDocumentNumber(
  trx: Db,
  kind: DocumentKind,
  now = new Date(),
): Promise<string> {
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
