import { hash, verify } from '@node-rs/argon2';
import type { Db, UsersTable } from '@pharm/db';
import type { Role } from '@pharm/validators/roles';
import type { LoginData, RegisterData } from '@pharm/validators';
import { sql, type Insertable } from 'kysely';
import { inTransaction } from '../../lib/db/transaction.js';
import type { Registration } from '../../config.js';
import { BoundedQueue } from '../../lib/workers/bounded-queue.js';
import { DomainError } from '../../lib/domain-error.js';
import { FailureCounter } from '../../lib/http/rate-limit.js';
import type { SessionUser } from '../../lib/http/sessions.js';

/** docs/rules.md §6: argon2id with m = 19 MiB, t = 2, p = 1. */
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const LOGIN_FAILED = 'Invalid email or password';

/**
 * What guards sign-in and registration: failure counts shared through the database, and one
 * queue per process for the argon2 work (two at once, each ~15 ms of a core and 19 MiB).
 */
export function createAuthGuards(db: Db) {
  return { failures: new FailureCounter(db), hashing: new BoundedQueue(2, 16) };
}
export type AuthGuards = ReturnType<typeof createAuthGuards>;

/** Hashed once, verified against when the email is unknown so that both failures take as long. */
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export interface Caller {
  ip: string;
  guards: AuthGuards;
}

function tooManyTries(): DomainError {
  return new DomainError('RATE_LIMITED', 'Too many attempts; please wait a minute and try again');
}

function checkRegistrationOpen(registration: Registration, email: string): void {
  if (registration.mode === 'open' || registration.mode === 'first-user') return;
  const domain = email.split('@').pop()!.toLowerCase();
  if (registration.mode === 'domains' && registration.domains.includes(domain)) return;
  throw new DomainError(
    'FORBIDDEN',
    registration.mode === 'closed'
      ? 'Registration is closed; ask an administrator for an account'
      : `Registration is open only to addresses at ${registration.domains.join(', ')}`,
  );
}

export const userColumns = ['id', 'email', 'firstName', 'lastName', 'role', 'createdAt'] as const;

export const INVITATION_ONLY = 'Registration is by invitation only; ask an administrator for one';

export async function registerUser(
  db: Db,
  input: RegisterData,
  caller: Caller,
  registration: Registration,
  defaultRole: Role,
): Promise<SessionUser> {
  checkRegistrationOpen(registration, input.email);
  if (registration.mode === 'first-user' && (await hasUsers(db))) {
    throw new DomainError('FORBIDDEN', INVITATION_ONLY);
  }
  // Every registration costs a hash and may create an account: each try counts, not only failures.
  // Counted before the hash, so a burst of concurrent tries gets no more hashes than the limit.
  const attempt = await caller.guards.failures.attempt([`register ip ${caller.ip}`]);
  if (attempt.refused) throw tooManyTries();
  const passwordHash = await caller.guards.hashing.run(() => hashPassword(input.password));
  const values = {
    email: input.email,
    passwordHash,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
  };
  const user =
    registration.mode === 'first-user'
      ? await inTransaction(db, async (trx) => {
          // Two sign-ups racing on an empty database: the table lock lets one of them be first.
          await sql`lock table users in share row exclusive mode`.execute(trx);
          if (await hasUsers(trx)) throw new DomainError('FORBIDDEN', INVITATION_ONLY);
          return insertUser(trx, { ...values, role: 'admin' });
        })
      : await insertUser(db, { ...values, role: defaultRole });
  if (!user) {
    const message = 'An account with this email already exists';
    throw new DomainError('DUPLICATE', message, [{ path: ['email'], message }]);
  }
  return user;
}

/**
 * Whether sign-up is by invitation only: no one may register (closed), or the first user has
 * (first-user). A domain list still lets some register, so it is not.
 */
export async function invitationOnly(db: Db, registration: Registration): Promise<boolean> {
  if (registration.mode === 'closed') return true;
  return registration.mode === 'first-user' && (await hasUsers(db));
}

async function hasUsers(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** The new user, or undefined when the email is taken (case-insensitively). */
export function insertUser(db: Db, values: Insertable<UsersTable>) {
  return db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(userColumns)
    .executeTakeFirst();
}

/**
 * Failures count per address and per (address, email): a stranger failing on someone's email
 * from elsewhere never locks its owner out, and a correct password never counts.
 *
 * The attempt is counted before the password is checked, so that concurrent tries cannot all
 * pass a limit none of them has recorded yet; a correct password gives its count back. While
 * checks are in flight they hold their place: more than the limit at the same moment from one
 * address are refused even when correct.
 */
export async function authenticate(db: Db, input: LoginData, caller: Caller): Promise<SessionUser> {
  const email = input.email.toLowerCase();
  const keys = [`login ip ${caller.ip}`, `login ip+email ${caller.ip} ${email}`];
  const attempt = await caller.guards.failures.attempt(keys);
  if (attempt.refused) throw tooManyTries();
  let failed = false;
  try {
    const row = await db
      .selectFrom('users')
      .select([...userColumns, 'passwordHash', 'active'])
      .where(sql`lower(email)`, '=', email)
      .executeTakeFirst();
    dummyHash ??= hashPassword('not-a-real-password');
    const storedHash = row?.passwordHash ?? (await dummyHash);
    const valid = await caller.guards.hashing.run(() => verify(storedHash, input.password));
    // A deactivated user gets the same answer as a wrong password: nothing tells them apart.
    if (!row || !valid || !row.active) {
      failed = true;
      throw new DomainError('UNAUTHORIZED', LOGIN_FAILED);
    }
    const { passwordHash: _hash, active: _active, ...user } = row;
    return user;
  } finally {
    // Only a checked, wrong password counts: a correct one, or a try that never reached the
    // check (the hashing queue full, the database gone), is given back.
    if (!failed) await attempt.giveBack();
  }
}
