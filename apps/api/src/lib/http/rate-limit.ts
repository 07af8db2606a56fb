import type { Db } from '@pharm/db';
import { sql } from 'kysely';

/** One counted attempt: the window of each key it was counted in, to give it back from there. */
export interface Attempt {
  /** True when a key had already used up its window: the attempt must be refused (429). */
  refused: boolean;
  /** Uncounts the attempt (a correct password, or nothing was checked), in the windows it was counted in. */
  giveBack(): Promise<void>;
}

/**
 * Attempts per key in a fixed one-minute window, counted in the `auth_failures` table so that
 * every API process on the database sees the same counts (docs/rules.md §6).
 *
 * An attempt is counted before the password is checked, by one upsert that returns each key's
 * new count, so concurrent requests each see a different count and at most `limit` of them per
 * key and window go on to be checked; the rest are refused. What should not count is given back
 * afterwards.
 */
export class FailureCounter {
  constructor(
    private readonly db: Db,
    readonly limit = 10,
    readonly windowMs = 60_000,
  ) {}

  /** Counts one attempt against each key; a window older than `windowMs` starts again at 1. */
  async attempt(keys: string[], now = Date.now()): Promise<Attempt> {
    const windowStart = new Date(now);
    const current = sql<boolean>`auth_failures.window_start > ${new Date(now - this.windowMs)}`;
    const rows = await this.db
      .insertInto('authFailures')
      // Sorted, so that two requests upserting the same keys take their row locks in one order.
      .values([...new Set(keys)].sort().map((key) => ({ key, windowStart, count: 1 })))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql`case when ${current} then auth_failures.count + 1 else 1 end`,
          windowStart: sql`case when ${current} then auth_failures.window_start else excluded.window_start end`,
        }),
      )
      .returning(['key', 'windowStart', 'count'])
      .execute();
    let given = false;
    const attempt: Attempt = {
      refused: rows.some((row) => row.count > this.limit),
      giveBack: async () => {
        if (given) return;
        given = true;
        await this.giveBack(rows);
      },
    };
    // A refused attempt checks nothing, so it does not count either: a key whose window ends
    // later than another's is not held up by tries the first one refused.
    if (attempt.refused) await attempt.giveBack();
    return attempt;
  }

  /**
   * Whether the key has used up its window already: for checks that cost nothing worth counting
   * (an API token's hash), whose failures alone are counted (`attempt` after one failed).
   */
  async exceeded(key: string, now = Date.now()): Promise<boolean> {
    const row = await this.db
      .selectFrom('authFailures')
      .select('count')
      .where('key', '=', key)
      .where('windowStart', '>', new Date(now - this.windowMs).toISOString())
      .executeTakeFirst();
    return (row?.count ?? 0) >= this.limit;
  }

  /**
   * Takes one off each key's count, only in the window it was counted in: when that window has
   * ended and a new one started meanwhile, the new window owes nothing. One statement per key:
   * a statement updating several rows locks them in the table's order, not the keys' order the
   * upsert uses, and the two deadlock.
   */
  private async giveBack(rows: { key: string; windowStart: string }[]): Promise<void> {
    for (const row of rows) {
      await this.db
        .updateTable('authFailures')
        .set({ count: sql`auth_failures.count - 1` })
        .where('key', '=', row.key)
        .where('windowStart', '=', row.windowStart)
        .where('count', '>', 0)
        .execute();
    }
  }

  /** Deletes ended windows, skipping rows an attempt has locked (waiting there could deadlock). */
  async prune(now = Date.now()): Promise<void> {
    await this.db
      .deleteFrom('authFailures')
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('authFailures')
          .select('key')
          .where('windowStart', '<=', new Date(now - this.windowMs).toISOString())
          .forUpdate()
          .skipLocked(),
      )
      .execute();
  }
}
