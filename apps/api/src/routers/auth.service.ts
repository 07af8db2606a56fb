import { hash, verify } from '@node-rs/argon2';
import { TRPCError } from '@trpc/server';
import type { Db } from '@pharm/db';
import type { LoginData, RegisterData } from '@pharm/validators';
import { sql } from 'kysely';
import type { SessionUser } from '../context.js';
import { conflict } from '../lib/errors.js';
import { RateLimiter } from '../lib/rate-limit.js';

/** decisions.md §6: argon2id with m = 19 MiB, t = 2, p = 1. */
const ARGON2 = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const LOGIN_FAILED = 'Invalid email or password';

/** 10 tries a minute per IP and per email, for login and register each; one set per server. */
export function createAuthLimits() {
  return {
    login: { ip: new RateLimiter(10, 60_000), email: new RateLimiter(10, 60_000) },
    register: { ip: new RateLimiter(10, 60_000), email: new RateLimiter(10, 60_000) },
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** Hashed once, verified against when the email is unknown so that both failures take as long. */
let dummyHash: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export interface Caller {
  ip: string;
  limits: AuthLimits;
}

function checkRateLimit(kind: keyof AuthLimits, caller: Caller, email: string): void {
  const okIp = caller.limits[kind].ip.take(caller.ip);
  const okEmail = caller.limits[kind].email.take(email.toLowerCase());
  if (!okIp || !okEmail) {
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts; please wait a minute and try again',
    });
  }
}

const userColumns = ['id', 'email', 'firstName', 'lastName', 'createdAt'] as const;

export async function registerUser(
  db: Db,
  input: RegisterData,
  caller: Caller,
): Promise<SessionUser> {
  checkRateLimit('register', caller, input.email);
  const passwordHash = await hashPassword(input.password);
  const user = await db
    .insertInto('users')
    .values({
      email: input.email,
      passwordHash,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  if (!user) throw conflict('An account with this email already exists');
  return user;
}

export async function authenticate(db: Db, input: LoginData, caller: Caller): Promise<SessionUser> {
  checkRateLimit('login', caller, input.email);
  const row = await db
    .selectFrom('users')
    .select([...userColumns, 'passwordHash'])
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .executeTakeFirst();
  dummyHash ??= hashPassword('not-a-real-password');
  const valid = await verify(row?.passwordHash ?? (await dummyHash), input.password);
  if (!row || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: LOGIN_FAILED });
  const { passwordHash: _hash, ...user } = row;
  return user;
}
