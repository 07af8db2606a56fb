import { randomBytes } from 'node:crypto';
import type { Db, User } from '@pharm/db';
import { sql, type CompiledQuery } from 'kysely';

export const SESSION_COOKIE = 'sid';
/** How long a session lives without a request (rolling, enforced here on the server). */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** How long a session lives after sign-in, however active. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/**
 * The idle expiry is written only once it lags this far behind: a signed-in request is then one
 * read, not a read and a write, and the expiry still holds to the minute.
 */
export const TOUCH_AFTER_MS = 60 * 1000;

/** The signed-in user; `role` is what they act as (an API token's may be lower than the user's). */
export type SessionUser = Pick<
  User,
  'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'createdAt'
>;

export interface ActiveSession {
  sid: string;
  user: SessionUser;
  signedInAt: Date;
  expire: Date;
}

/** What `load` reads: the session's times (ISO strings, as the database reads them) and its user. */
interface LoadedSession extends SessionUser {
  sid: string;
  signedInAt: string;
  expire: string;
}

/** The sessions of the sids in its one parameter (an array), each joined with its user. */
function compileLoadQuery(db: Db): CompiledQuery<LoadedSession> {
  return (
    db
      .selectFrom('session')
      .innerJoin('users', 'users.id', 'session.userId')
      .select([
        'session.sid',
        'users.id',
        'users.email',
        'users.firstName',
        'users.lastName',
        'users.role',
        'users.createdAt',
        'session.signedInAt',
        'session.expire',
      ])
      .where('session.sid', '=', sql<string>`any(${[] as string[]})`)
      // Deactivation deletes the sessions too; this holds even for a request already reading.
      // (No parameter: `load` fills the one parameter, the sids, on each run.)
      .where(sql<boolean>`users.active`)
      .compile()
  );
}

/** A request waiting for its session row. */
interface PendingRead {
  resolve(row: LoadedSession | undefined): void;
  reject(error: unknown): void;
}

/** The most sids read by one statement; more wait for the next. */
const MAX_BATCH = 200;

/**
 * Sessions in the `session` table. A row is created at sign-in and deleted at sign-out, a new
 * sign-in or expiry; requests only ever UPDATE its expiry, so a destroyed session never comes
 * back, whatever a slower request still in flight does after.
 */
export class SessionStore {
  /**
   * The query of `load`, compiled once: every signed-in request runs this same statement, and
   * building, snake-casing and compiling it anew each time was most of what Kysely cost a
   * request (bench/http.ts --profile /api/user).
   */
  readonly #loadQuery: CompiledQuery<LoadedSession>;
  /** Sids asked for since the last read was sent, with the requests waiting for each. */
  #pending = new Map<string, PendingRead[]>();
  #readScheduled = false;

  constructor(private readonly db: Db) {
    this.#loadQuery = compileLoadQuery(db);
  }

  /** The live session and its user; null (and the row deleted) once expired. */
  async load(sid: string, now = Date.now()): Promise<ActiveSession | null> {
    const row = await this.#read(sid);
    if (!row) return null;
    const { sid: _sid, signedInAt: signedInAtIso, expire: expireIso, ...user } = row;
    const signedInAt = new Date(signedInAtIso);
    const expire = new Date(expireIso);
    if (expire.getTime() <= now || now - signedInAt.getTime() >= ABSOLUTE_TIMEOUT_MS) {
      await this.destroy(sid);
      return null;
    }
    return { sid, user, signedInAt, expire };
  }

  /**
   * The session row of `sid`, read from the database after this call. The requests that arrive
   * in one turn of the event loop share one statement (`sid = any($1)`): under load a signed-in
   * request then costs a share of a read instead of a round trip of its own, which on PGlite
   * (one query at a time, in this thread) and over a socket to PostgreSQL is most of what a
   * small request costs (bench/README.md). Nothing is cached: every request still sees the
   * database as it was after the request arrived, so a logout on any process holds at once.
   */
  #read(sid: string): Promise<LoadedSession | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.#pending.get(sid);
      if (waiting) waiting.push({ resolve, reject });
      else this.#pending.set(sid, [{ resolve, reject }]);
      if (!this.#readScheduled) {
        this.#readScheduled = true;
        setImmediate(() => this.#readPending());
      }
    });
  }

  #readPending(): void {
    this.#readScheduled = false;
    const batch = new Map<string, PendingRead[]>();
    for (const [sid, waiting] of this.#pending) {
      if (batch.size === MAX_BATCH) break;
      batch.set(sid, waiting);
      this.#pending.delete(sid);
    }
    if (this.#pending.size > 0) {
      this.#readScheduled = true;
      setImmediate(() => this.#readPending());
    }
    this.db
      .executeQuery<LoadedSession>({ ...this.#loadQuery, parameters: [[...batch.keys()]] })
      .then(
        ({ rows }) => {
          const bySid = new Map(rows.map((row) => [row.sid, row]));
          for (const [sid, waiting] of batch) for (const w of waiting) w.resolve(bySid.get(sid));
        },
        (error: unknown) => {
          for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
        },
      );
  }

  /**
   * Moves the idle expiry forward when it lags more than TOUCH_AFTER_MS behind, never past the
   * absolute timeout. Returns the new expiry, or null when nothing was written.
   */
  async touch(session: ActiveSession, now = Date.now()): Promise<Date | null> {
    const expire = new Date(
      Math.min(now + IDLE_TIMEOUT_MS, session.signedInAt.getTime() + ABSOLUTE_TIMEOUT_MS),
    );
    if (expire.getTime() - session.expire.getTime() < TOUCH_AFTER_MS) return null;
    const result = await this.db
      .updateTable('session')
      .set({ expire })
      .where('sid', '=', session.sid)
      .where('expire', '>', new Date(now).toISOString())
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? expire : null;
  }

  async create(userId: string, now = Date.now()): Promise<{ sid: string; expire: Date }> {
    const sid = randomBytes(32).toString('base64url');
    const expire = new Date(now + IDLE_TIMEOUT_MS);
    await this.db
      .insertInto('session')
      .values({ sid, userId, signedInAt: new Date(now), expire })
      .execute();
    await this.db
      .updateTable('users')
      .set({ lastSignInAt: new Date(now) })
      .where('id', '=', userId)
      .execute();
    return { sid, expire };
  }

  async destroy(sid: string): Promise<void> {
    await this.db.deleteFrom('session').where('sid', '=', sid).execute();
  }

  /** Expired rows of sessions nobody came back to. */
  async prune(now = Date.now()): Promise<number> {
    const result = await this.db
      .deleteFrom('session')
      .where((eb) =>
        eb.or([
          eb('expire', '<=', new Date(now).toISOString()),
          eb('signedInAt', '<=', new Date(now - ABSOLUTE_TIMEOUT_MS).toISOString()),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
