import type { Db } from '@pharm/db';
import { sql } from 'kysely';

/**
 * Failures per key in a fixed one-minute window, counted in the `auth_failures` table so that
 * every API process on the database sees the same counts (docs/rules.md §6).
 */
export class FailureCounter {
  constructor(
    private readonly db: Db,
    readonly limit = 10,
    readonly windowMs = 60_000,
  ) {}

  /** True when any of the keys has reached the limit in its current window. */
  async blocked(keys: string[], now = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('authFailures')
      .select('key')
      .where('key', 'in', keys)
      .where('windowStart', '>', new Date(now - this.windowMs).toISOString())
      .where('count', '>=', this.limit)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Counts one failure against each key; a window older than a minute starts again at 1. */
  async record(keys: string[], now = Date.now()): Promise<void> {
    const windowStart = new Date(now);
    const current = sql<boolean>`auth_failures.window_start > ${new Date(now - this.windowMs)}`;
    await this.db
      .insertInto('authFailures')
      // Sorted, so that two requests upserting the same keys take their row locks in one order.
      .values([...new Set(keys)].sort().map((key) => ({ key, windowStart, count: 1 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when ${current} then auth_failures.count + 1 else 1 end`,
          windowStart: sql`case when ${current} then auth_failures.window_start else excluded.window_start end`,
        }),
      )
      .execute();
  }

  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('authFailures')
      .where('windowStart', '<=', new Date(now - this.windowMs).toISOString())
      .execute();
  }
}
