import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySession from '@fastify/session';
import fastifyStatic from '@fastify/static';
import type { DbHandle } from '@pharm/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppConfig } from './config.js';
import { createRequestContext } from './context.js';
import { publicMessage, toTRPCError } from './lib/errors.js';
import { guardWrites } from './lib/request-guard.js';
import { registerRestRoutes } from './rest.js';
import { createAuthLimits } from './routers/auth.service.js';
import { appRouter, type AppRouter } from './root.js';
import { IDLE_TIMEOUT_MS, KyselySessionStore } from './session-store.js';

export const SESSION_COOKIE = 'sid';

export interface ServerOptions {
  dbHandle: DbHandle;
  config: AppConfig;
  /** Fastify logger; off in tests. */
  logger?: boolean;
}

/** The session-signing secret: SESSION_SECRET, else one generated once and kept in the database. */
async function sessionSecret(dbHandle: DbHandle, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const { db } = dbHandle;
  await db
    .insertInto('appSettings')
    .values({ key: 'session_secret', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('appSettings')
    .select('value')
    .where('key', '=', 'session_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

export async function createServer({ dbHandle, config, logger = false }: ServerOptions) {
  const { db } = dbHandle;
  const app = Fastify({
    logger: logger ? { level: 'info' } : false,
    trustProxy: true,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 5 * 1024 * 1024,
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Chakra UI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.production,
  });

  app.addHook('onRequest', guardWrites);
  // Fastify's own errors (malformed JSON, body too large) answer as the API does: { message }.
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    // Errors outside the procedures (the session store's lookup) get the same mapping: 503 when the database is away.
    const mapped = toTRPCError(error);
    const status = getHTTPStatusCodeFromError(mapped);
    if (status >= 500) req.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ message: publicMessage(mapped) });
  });

  const store = new KyselySessionStore(db);
  const secret = await sessionSecret(dbHandle, config.sessionSecret);
  const contextDeps = { db, config, authLimits: createAuthLimits() };
  const createContext = (req: FastifyRequest, reply: FastifyReply) =>
    createRequestContext(contextDeps, req, reply);

  // Sessions only for the API paths: static files neither read nor roll the session row.
  await app.register(async (api) => {
    await api.register(fastifyCookie);
    await api.register(fastifySession, {
      secret,
      store,
      cookieName: SESSION_COOKIE,
      saveUninitialized: false,
      rolling: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.production ? 'auto' : false,
        path: '/',
        maxAge: IDLE_TIMEOUT_MS,
      },
    });
    await api.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createContext(req, res),
        onError: ({ error, path: procedure }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error.cause ?? error, procedure }, 'tRPC call failed');
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    registerRestRoutes(api, createContext);
  });

  app.get('/healthz', async (_req, reply) => {
    try {
      await db.selectFrom('appSettings').select('key').limit(1).execute();
      return { ok: true };
    } catch {
      return reply.status(503).send({ ok: false });
    }
  });

  if (config.webDist) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
    const indexHtml = path.join(config.webDist, 'index.html');
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/trpc')) {
        // The single-page app routes client-side, including its own 404 page.
        return reply.type('text/html').sendFile(path.relative(config.webDist!, indexHtml));
      }
      return reply.status(404).send({ message: 'Not found' });
    });
  }

  const pruneTimer = setInterval(
    () => {
      store.prune().catch((err: unknown) => app.log.warn({ err }, 'session prune failed'));
    },
    15 * 60 * 1000,
  );
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  await store.prune().catch(() => undefined);

  return {
    app,
    async start(port = config.port, host = config.host): Promise<string> {
      return app.listen({ port, host });
    },
    /** Stops taking requests, lets the in-flight ones finish, then closes the database. */
    async stop(): Promise<void> {
      await app.close();
      await dbHandle.close();
    },
  };
}

export type AppServer = Awaited<ReturnType<typeof createServer>>;
