import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@pharm/db';
import { loadConfig, type AppConfig } from './config.js';
import type { BackupService } from './modules/backups/service.js';
import { createAuthGuards, type AuthGuards } from './modules/auth/service.js';
import { authenticateToken } from './modules/tokens/service.js';
import { DomainError } from './lib/domain-error.js';
import { toTRPCError } from './lib/http/errors.js';
import { onThisThread, type HeavyWork } from './lib/workers/pool.js';
import {
  SESSION_COOKIE,
  type ActiveSession,
  type SessionStore,
  type SessionUser,
} from './lib/http/sessions.js';

export type { SessionUser } from './lib/http/sessions.js';

/** What procedures may do with the cookie session; absent when called without a request. */
export interface SessionControl {
  /** Starts a fresh session for the user: new id, the presented one destroyed. */
  signIn(userId: string): Promise<void>;
  /** Destroys the session row and clears the cookie. */
  signOut(): Promise<void>;
}

export interface Context {
  db: Db;
  config: Pick<
    AppConfig,
    'catalogProviderName' | 'catalogFeed' | 'registration' | 'defaultRole' | 'appOrigin'
  >;
  /** The signed-in user; over an API token, with the lower of the token's role and theirs. */
  user: SessionUser | null;
  /** The app's origin as the caller reached it (APP_ORIGIN when set), for the links it answers. */
  origin: string;
  /** The caller's address (X-Forwarded-For only as TRUST_PROXY allows), for rate limits. */
  ip: string;
  /** Sign-in failure counts and the password-hashing queue. */
  authGuards: AuthGuards;
  session: SessionControl | null;
  /** Where PDFs are rendered and feeds parsed: the server's worker threads. */
  heavyWork: HeavyWork;
  /** The embedded database's backups, when this server keeps them (PGlite on disk). */
  backups: BackupService | null;
}

export async function findSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'role', 'createdAt'])
    .where('id', '=', userId)
    .where('active', '=', true)
    .executeTakeFirst();
  return user ?? null;
}

export interface RequestContextDeps extends Pick<
  Context,
  'db' | 'config' | 'authGuards' | 'heavyWork' | 'backups'
> {
  sessions: SessionStore;
  /** `auto`: the cookie is Secure when the request came over HTTPS (behind TRUST_PROXY too). */
  secureCookie: boolean | 'auto';
}

/** The session id of a correctly signed cookie, else undefined. */
function presentedSid(req: FastifyRequest): string | undefined {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const { valid, value } = req.unsignCookie(raw);
  return valid && value ? value : undefined;
}

/**
 * `Authorization: Bearer <token>`: the token, when the request carries one (decisions.md §8).
 * Only the /api paths take it (a browser's tRPC calls have the cookie), and never beside the
 * session cookie, so a request is one user acting one way.
 */
function presentedToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new DomainError('INVALID', 'The Authorization header must be Bearer <token>');
  if (!(req.routeOptions.url ?? '').startsWith('/api/')) {
    throw new DomainError('INVALID', 'API tokens are accepted on the /api paths only');
  }
  if (req.cookies[SESSION_COOKIE] !== undefined) {
    throw new DomainError('INVALID', 'Send either the session cookie or an API token, not both');
  }
  return match[1];
}

/**
 * Builds the context of one HTTP request (tRPC and REST share it). A signed-in request costs
 * one read (the session joined with its user) and a write only when the idle expiry has to move.
 */
export async function createRequestContext(
  deps: RequestContextDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  const setCookie = (value: string, expire: Date) =>
    reply.setCookie(SESSION_COOKIE, value, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.secureCookie,
      path: '/',
      maxAge: Math.max(0, Math.floor((expire.getTime() - Date.now()) / 1000)),
    });

  const { sessions } = deps;
  let active: ActiveSession | null;
  let tokenUser: SessionUser | null = null;
  let sid: string | undefined;
  try {
    const token = presentedToken(req);
    sid = token === undefined ? presentedSid(req) : undefined;
    if (token !== undefined) {
      tokenUser = await authenticateToken(deps.db, token, req.ip, deps.authGuards.failures);
    }
    active = sid ? await sessions.load(sid) : null;
    if (active) {
      const expire = await sessions.touch(active);
      if (expire) setCookie(active.sid, expire);
    }
  } catch (cause) {
    // tRPC answers whatever createContext throws as a 500 unless it is already mapped (503 here).
    throw toTRPCError(cause);
  }

  return {
    db: deps.db,
    config: deps.config,
    authGuards: deps.authGuards,
    heavyWork: deps.heavyWork,
    backups: deps.backups,
    user: tokenUser ?? active?.user ?? null,
    origin: deps.config.appOrigin ?? `${req.protocol}://${req.host}`,
    ip: req.ip,
    session: {
      async signIn(userId) {
        // Whatever session the browser presented ends here, so a planted id is never signed in.
        if (sid) await sessions.destroy(sid);
        const created = await sessions.create(userId);
        setCookie(created.sid, created.expire);
      },
      async signOut() {
        if (sid) await sessions.destroy(sid);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      },
    },
  };
}

/** The default provider and its shipped sample feed, whatever the environment says. */
function configDefaults(): Context['config'] {
  const { catalogProviderName, catalogFeed, registration, defaultRole, appOrigin } = loadConfig({});
  return { catalogProviderName, catalogFeed, registration, defaultRole, appOrigin };
}

/** A context without an HTTP request: tests, benchmarks, seeds and scripts. */
export function createInnerContext(opts: {
  db: Db;
  user?: SessionUser | null;
  config?: Partial<Context['config']>;
}): Context {
  return {
    db: opts.db,
    config: { ...configDefaults(), ...opts.config },
    user: opts.user ?? null,
    origin: 'http://localhost:3000',
    ip: '127.0.0.1',
    authGuards: createAuthGuards(opts.db),
    session: null,
    heavyWork: onThisThread,
    backups: null,
  };
}
