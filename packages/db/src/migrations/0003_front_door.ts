import { sql, type Kysely } from 'kysely';

/**
 * Sessions become rows the server reads in one query joined with their user, and updates only
 * to move the idle expiry (never an upsert, so a destroyed session cannot come back). Existing
 * sessions are dropped: everyone signs in once more.
 *
 * Failed sign-in tries are counted in the database so that every API process on it shares them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table session`.execute(db);
  await sql`
    create table session (
      sid varchar(64) primary key,
      user_id uuid not null references users (id) on delete cascade,
      signed_in_at timestamptz not null default now(),
      expire timestamptz not null
    )`.execute(db);
  await sql`create index session_expire_idx on session (expire)`.execute(db);
  await sql`create index session_user_idx on session (user_id)`.execute(db);

  await sql`
    create table auth_failures (
      key varchar(400) primary key,
      window_start timestamptz not null,
      count integer not null
    )`.execute(db);
  await sql`create index auth_failures_window_idx on auth_failures (window_start)`.execute(db);
}
