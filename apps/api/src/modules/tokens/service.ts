import type { Db } from '@pharm/db';
import type { ApiToken, TokenCreateData } from '@pharm/validators';
import { can, lowerRole, roleRank, ROLE_LABELS } from '@pharm/validators/roles';
import { sql } from 'kysely';
import { logCreate, logUpdate } from '../activity/record.js';
import type { Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { DomainError, invalid, notFound } from '../../lib/domain-error.js';
import type { FailureCounter } from '../../lib/http/rate-limit.js';
import type { SessionUser } from '../../lib/http/sessions.js';
import { apiTokenEntity } from './entity.js';
import { hashSecret, newSecret } from './secret.js';

export const TOKEN_PREFIX = 'pst_';
export const TOKEN_REFUSED = 'The API token is not valid, revoked or expired';
/** last_used_at is written when it lags this far behind, not on every request. */
const LAST_USED_EVERY_MS = 60_000;

/** What the log keeps of a token: never its hash. */
function snapshot(row: {
  name: string;
  role: string;
  expiresAt: string | null;
  revokedAt: string | null;
}) {
  return { name: row.name, role: row.role, expiresAt: row.expiresAt, revokedAt: row.revokedAt };
}

/**
 * A token of the actor's with a role no higher than theirs (their own when left out); the token
 * is in this answer only.
 */
export function createToken(db: Db, data: TokenCreateData, actor: Actor) {
  const role = data.role ?? actor.role;
  if (roleRank(role) > roleRank(actor.role)) {
    throw new DomainError(
      'FORBIDDEN',
      `A token's role cannot be above your own (${ROLE_LABELS[actor.role].toLowerCase()})`,
      [{ path: ['role'], message: 'A token’s role cannot be above your own' }],
    );
  }
  if (data.expiresAt && Date.parse(data.expiresAt) <= Date.now()) {
    throw invalid('Expiry must be in the future', ['expiresAt']);
  }
  const { secret, hash } = newSecret(TOKEN_PREFIX);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('apiTokens')
      .values({
        userId: actor.id,
        name: data.name,
        role,
        tokenHash: hash,
        expiresAt: data.expiresAt,
      })
      .returning(['id', 'name', 'role', 'expiresAt', 'revokedAt'])
      .executeTakeFirstOrThrow();
    await logCreate(trx, { entity: apiTokenEntity, id: row.id, userId: actor.id }, snapshot(row));
    return { id: row.id, name: row.name, role: row.role, token: secret, expiresAt: row.expiresAt };
  });
}

function tokensQuery(db: Db) {
  return db
    .selectFrom('apiTokens as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .select([
      't.id',
      't.name',
      't.role',
      't.expiresAt',
      't.lastUsedAt',
      't.createdAt',
      'u.id as userId',
      'u.email',
    ])
    .where('t.revokedAt', 'is', null);
}

/** The tokens not revoked: the actor's own, or everyone's for who manages all tokens. */
export async function listTokens(db: Db, actor: Actor): Promise<ApiToken[]> {
  let q = tokensQuery(db).orderBy('t.id', 'desc');
  if (!can(actor.role, 'tokens.manageAll')) q = q.where('t.userId', '=', actor.id);
  const rows = await q.execute();
  return rows.map(({ userId, email, ...token }) => ({ ...token, user: { id: userId, email } }));
}

/** Revokes the actor's token (anyone's for who manages all tokens); another's is not found. */
export function revokeToken(db: Db, id: number, actor: Actor): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('apiTokens')
      .select(['id', 'userId', 'name', 'role', 'expiresAt', 'revokedAt'])
      .where('id', '=', id)
      .where('revokedAt', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before || (before.userId !== actor.id && !can(actor.role, 'tokens.manageAll'))) {
      throw notFound('API token');
    }
    const after = await trx
      .updateTable('apiTokens')
      .set({ revokedAt: sql`now()` })
      .where('id', '=', id)
      .returning(['name', 'role', 'expiresAt', 'revokedAt'])
      .executeTakeFirstOrThrow();
    await logUpdate(
      trx,
      { entity: apiTokenEntity, id, userId: actor.id },
      snapshot(before),
      snapshot(after),
    );
    return { id };
  });
}

/**
 * The user a bearer token acts for, with the lower of the token's role and the owner's current
 * one; a 401 for a token unknown, revoked, expired or of a deactivated user. Failures count per
 * address as sign-in failures do, and an address past the limit is refused before its token is
 * looked at.
 */
export async function authenticateToken(
  db: Db,
  token: string,
  ip: string,
  failures: FailureCounter,
): Promise<SessionUser> {
  const key = `token ip ${ip}`;
  if (await failures.exceeded(key)) {
    throw new DomainError('RATE_LIMITED', 'Too many attempts; please wait a minute and try again');
  }
  const row = token.startsWith(TOKEN_PREFIX)
    ? await db
        .selectFrom('apiTokens as t')
        .innerJoin('users as u', 'u.id', 't.userId')
        .select([
          't.id as tokenId',
          't.role as tokenRole',
          't.lastUsedAt',
          'u.id',
          'u.email',
          'u.firstName',
          'u.lastName',
          'u.role',
          'u.createdAt',
        ])
        .where('t.tokenHash', '=', hashSecret(token))
        .where('t.revokedAt', 'is', null)
        .where((eb) =>
          eb.or([eb('t.expiresAt', 'is', null), eb('t.expiresAt', '>', sql<string>`now()`)]),
        )
        .where('u.active', '=', true)
        .executeTakeFirst()
    : undefined;
  if (!row) {
    const attempt = await failures.attempt([key]);
    throw attempt.refused
      ? new DomainError('RATE_LIMITED', 'Too many attempts; please wait a minute and try again')
      : new DomainError('UNAUTHORIZED', TOKEN_REFUSED);
  }
  const { tokenId, tokenRole, lastUsedAt, ...user } = row;
  if (!lastUsedAt || Date.now() - Date.parse(lastUsedAt) > LAST_USED_EVERY_MS) {
    await db
      .updateTable('apiTokens')
      .set({ lastUsedAt: sql`now()` })
      .where('id', '=', tokenId)
      .execute();
  }
  return { ...user, role: lowerRole(tokenRole, user.role) };
}
