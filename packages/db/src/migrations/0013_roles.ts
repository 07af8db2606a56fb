import { sql, type Kysely } from 'kysely';

/**
 * Roles, invitations, deactivation and API tokens (issue 26). Everyone who signed up before had
 * every screen, so existing users become admins: nobody loses what they could do.
 *
 * A user's `number` is how the activity log names them: it keys records by integer id, and
 * users' ids are uuids.
 *
 * Invitation and API tokens are stored as their SHA-256 only: a copy of the database (a backup)
 * gives no one a usable link or token. A token row is never deleted by revocation, so the history
 * keeps who made it and when it was last used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column role text not null default 'admin'
        constraint users_role_check check (role in ('viewer', 'sales', 'accountant', 'admin')),
      add column active boolean not null default true,
      add column last_sign_in_at timestamptz,
      add column number integer generated always as identity
        constraint users_number_key unique`.execute(db);
  // New rows name their role; the default above only carried the existing users over.
  await sql`alter table users alter column role drop default`.execute(db);
  // The last-admin check reads the active admins under lock, in id order.
  await sql`create index users_active_admins_idx on users (id) where role = 'admin' and active`.execute(
    db,
  );

  await sql`
    create table invitations (
      id integer generated always as identity primary key,
      email varchar(255) not null,
      role text not null
        constraint invitations_role_check check (role in ('viewer', 'sales', 'accountant', 'admin')),
      token_hash char(64) not null constraint invitations_token_hash_key unique,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      revoked_at timestamptz,
      invited_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table api_tokens (
      id integer generated always as identity primary key,
      user_id uuid not null references users (id) on delete cascade,
      name varchar(100) not null,
      role text not null
        constraint api_tokens_role_check check (role in ('viewer', 'sales', 'accountant', 'admin')),
      token_hash char(64) not null constraint api_tokens_token_hash_key unique,
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index api_tokens_user_idx on api_tokens (user_id)`.execute(db);
}
