import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@pharm/db';
import { ABSOLUTE_TIMEOUT_MS } from './session-store.js';
import { loadConfig, type AppConfig } from './config.js';
import { createAuthLimits, type AuthLimits } from './routers/auth.service.js';

export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
}

/** What procedures may do with the cookie session; absent when called without a request. */
export interface SessionControl {
  /** Starts a fresh session for the user: new id, the old row destroyed. */
  signIn(userId: string): Promise<void>;
  /** Destroys the session row and clears the cookie. */
  signOut(): Promise<void>;
}

export interface Context {
  db: Db;
  config: Pick<AppConfig, 'catalogProviderName' | 'catalogFeed'>;
  user: SessionUser | null;
  /** The caller's address, for rate limits. */
  ip: string;
  /** Login and register rate limits, shared by all requests of one server. */
  authLimits: AuthLimits;
  session: SessionControl | null;
}

const userColumns = ['id', 'email', 'firstName', 'lastName', 'createdAt'] as const;

export async function findSessionUser(db: Db, userId: string): Promise<SessionUser | null> {
  const user = await db
    .selectFrom('users')
    .select(userColumns)
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ?? null;
}

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** When the user signed in (ms since epoch), for the absolute timeout. */
    signedInAt?: number;
  }
}

/** Builds the context of one HTTP request (tRPC and REST share it). */
export async function createRequestContext(
  deps: Pick<Context, 'db' | 'config' | 'authLimits'>,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Context> {
  const session = req.session;
  let user: SessionUser | null = null;
  const userId = session?.get('userId');
  if (userId) {
    const signedInAt = session.get('signedInAt') ?? 0;
    if (Date.now() - signedInAt > ABSOLUTE_TIMEOUT_MS) {
      await session.destroy();
    } else {
      user = await findSessionUser(deps.db, userId);
    }
  }
  return {
    db: deps.db,
    config: deps.config,
    authLimits: deps.authLimits,
    user,
    ip: req.ip,
    session: {
      async signIn(newUserId) {
        const oldId = session.sessionId;
        await session.regenerate();
        // regenerate() keeps the old row (fastify-session #240): an old cookie must stop working.
        await new Promise<void>((resolve, reject) =>
          req.sessionStore.destroy(oldId, (err) => (err ? reject(err) : resolve())),
        );
        // regenerate() put a new Session object on the request.
        req.session.set('userId', newUserId);
        req.session.set('signedInAt', Date.now());
      },
      async signOut() {
        await req.session.destroy();
        reply.clearCookie('sid', { path: '/' });
      },
    },
  };
}

/** The default provider and its shipped sample feed, whatever the environment says. */
function catalogDefaults(): Context['config'] {
  const { catalogProviderName, catalogFeed } = loadConfig({});
  return { catalogProviderName, catalogFeed };
}

/** A context without an HTTP request: tests, benchmarks, seeds and scripts. */
export function createInnerContext(opts: {
  db: Db;
  user?: SessionUser | null;
  config?: Partial<Context['config']>;
}): Context {
  return {
    db: opts.db,
    config: { ...catalogDefaults(), ...opts.config },
    user: opts.user ?? null,
    ip: '127.0.0.1',
    authLimits: createAuthLimits(),
    session: null,
  };
}
