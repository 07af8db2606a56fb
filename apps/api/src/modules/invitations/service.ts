import type { Db } from '@pharm/db';
import type { Invitation, InvitationAcceptData, InvitationCreateData } from '@pharm/validators';
import { roleRank } from '@pharm/validators/roles';
import { sql } from 'kysely';
import { logCreate, logUpdate } from '../activity/record.js';
import { hashPassword, insertUser, type Caller } from '../auth/service.js';
import { hashSecret, newSecret } from '../tokens/secret.js';
import { userEntity } from '../users/entity.js';
import { nudgeOutbox, queueEmail } from '../emails/outbox.js';
import { renderTemplate, templateOf } from '../emails/templates.js';
import type { Actor } from '../../lib/authorize.js';
import { inTransaction } from '../../lib/db/transaction.js';
import { DomainError, invalid, notFound } from '../../lib/domain-error.js';
import type { SessionUser } from '../../lib/http/sessions.js';
import { SUPPLIER } from '../../lib/pdf/theme.js';
import { ROLE_LABELS } from '@pharm/validators/roles';
import { invitationEntity } from './entity.js';

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** One message for a link unknown, used, revoked or expired: it tells a guesser nothing. */
export const INVITATION_INVALID =
  'This invitation link is not valid: it was used, revoked or has expired';
const ACCOUNT_EXISTS = 'An account with this email already exists';

const columns = [
  'id',
  'email',
  'role',
  'expiresAt',
  'acceptedAt',
  'revokedAt',
  'createdAt',
] as const;

/** What the log keeps of an invitation: never its token's hash. */
const logged = (i: Invitation) => ({
  email: i.email,
  role: i.role,
  expiresAt: i.expiresAt,
  acceptedAt: i.acceptedAt,
  revokedAt: i.revokedAt,
});

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An invitation to sign up with a role no higher than the inviter's. The link holds the token in
 * its fragment (`/invitation#token=…`), which browsers never send, so no server log keeps it;
 * only the token's SHA-256 is stored, and this answer is the only one that has the link.
 */
export async function createInvitation(
  db: Db,
  data: InvitationCreateData,
  actor: Actor & { firstName?: string | null; lastName?: string | null },
  origin: string,
) {
  if (roleRank(data.role) > roleRank(actor.role)) {
    throw new DomainError('FORBIDDEN', 'You may not invite someone with a role above your own', [
      { path: ['role'], message: 'You may not invite someone with a role above your own' },
    ]);
  }
  if (await emailTaken(db, data.email)) {
    throw new DomainError('DUPLICATE', ACCOUNT_EXISTS, [
      { path: ['email'], message: ACCOUNT_EXISTS },
    ]);
  }
  const { secret, hash } = newSecret();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const created = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('invitations')
      .values({
        email: data.email,
        role: data.role,
        tokenHash: hash,
        expiresAt,
        invitedBy: actor.id,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await logCreate(trx, { entity: invitationEntity, id: row.id, userId: actor.id }, logged(row));
    const url = `${origin}/invitation#token=${secret}`;
    // The email goes with the invitation or not at all (issue 28); the answer still has the
    // link, for an inviter without an SMTP server.
    const inviter = [actor.firstName, actor.lastName].filter(Boolean).join(' ');
    await queueEmail(trx, {
      kind: 'invitation',
      entityType: 'invitation',
      entityId: row.id,
      to: [row.email],
      ...renderTemplate(await templateOf(trx, 'invitation'), {
        inviter: inviter || 'A colleague',
        role: ROLE_LABELS[row.role],
        link: url,
        expiresAt: row.expiresAt.slice(0, 10),
        company: SUPPLIER.name,
      }),
      createdBy: actor.id,
    });
    return { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt, url };
  });
  nudgeOutbox();
  return created;
}

/** Every invitation, newest first, without its link. */
export async function listInvitations(db: Db): Promise<Invitation[]> {
  return db.selectFrom('invitations').select(columns).orderBy('id', 'desc').execute();
}

/** Revokes an invitation not yet accepted; its link then stops working. */
export function revokeInvitation(db: Db, id: number, actor: Actor): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('invitations')
      .select(columns)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Invitation');
    if (before.acceptedAt) {
      throw new DomainError('CONFLICT', 'This invitation was accepted already');
    }
    if (before.revokedAt) return { id };
    const after = await trx
      .updateTable('invitations')
      .set({ revokedAt: sql`now()` })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    await logUpdate(
      trx,
      { entity: invitationEntity, id, userId: actor.id },
      logged(before),
      logged(after),
    );
    return { id };
  });
}

/**
 * Creates the invited user with the invitation's role and marks the invitation used, in one
 * transaction under the invitation's row lock, so a link works once however often it is sent.
 * Every try counts against the address, as registration's do: a link is a secret to guess.
 */
export async function acceptInvitation(
  db: Db,
  input: InvitationAcceptData,
  caller: Caller,
): Promise<SessionUser> {
  const attempt = await caller.guards.failures.attempt([`invitation ip ${caller.ip}`]);
  if (attempt.refused) {
    throw new DomainError('RATE_LIMITED', 'Too many attempts; please wait a minute and try again');
  }
  const passwordHash = await caller.guards.hashing.run(() => hashPassword(input.password));
  return inTransaction(db, async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .select(columns)
      .where('tokenHash', '=', hashSecret(input.token))
      .forUpdate()
      .executeTakeFirst();
    if (
      !invitation ||
      invitation.acceptedAt ||
      invitation.revokedAt ||
      Date.parse(invitation.expiresAt) <= Date.now()
    ) {
      throw invalid(INVITATION_INVALID, ['token']);
    }
    const user = await insertUser(trx, {
      email: invitation.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: invitation.role,
    });
    if (!user) {
      throw new DomainError('DUPLICATE', ACCOUNT_EXISTS, [
        { path: ['email'], message: ACCOUNT_EXISTS },
      ]);
    }
    const accepted = await trx
      .updateTable('invitations')
      .set({ acceptedAt: sql`now()` })
      .where('id', '=', invitation.id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    const { number } = await trx
      .selectFrom('users')
      .select('number')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    await logUpdate(
      trx,
      { entity: invitationEntity, id: invitation.id, userId: user.id },
      logged(invitation),
      logged(accepted),
    );
    await logCreate(
      trx,
      { entity: userEntity, id: number, userId: user.id },
      { email: user.email, role: user.role, active: true },
      { invitationId: invitation.id },
    );
    return user;
  });
}
