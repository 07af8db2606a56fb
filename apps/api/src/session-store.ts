import type { SessionStore } from '@fastify/session';
import type { Db } from '@pharm/db';
import { sql } from 'kysely';

/** How long a session lives without a request (rolling, enforced here on the server). */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** How long a session lives after sign-in, however active (checked in the context). */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

type Callback = (err?: unknown) => void;
type SessionData = Parameters<SessionStore['set']>[1];

/** @fastify/session store on the `session(sid, sess, expire)` table; works on pg and PGlite. */
export class KyselySessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  get(sid: string, callback: (err: unknown, result?: SessionData | null) => void): void {
    this.db
      .selectFrom('session')
      .select('sess')
      .where('sid', '=', sid)
      .where('expire', '>=', sql<Date>`now()`)
      .executeTakeFirst()
      .then((row) => callback(null, (row?.sess as unknown as SessionData) ?? null), callback);
  }

  set(sid: string, session: SessionData, callback: Callback): void {
    const expires = session.cookie.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + IDLE_TIMEOUT_MS);
    const sess = JSON.stringify(session);
    this.db
      .insertInto('session')
      .values({ sid, sess, expire: expires })
      .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire: expires }))
      .execute()
      .then(() => callback(), callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom('session')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }

  /** @fastify/session never removes expired rows itself. */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('session')
      .where('expire', '<', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
