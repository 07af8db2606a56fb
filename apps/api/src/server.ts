import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { DbHandle } from '@pharm/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from './config.js';
import { installBackups } from './modules/backups/service.js';
import { createRequestContext, type RequestContextDeps } from './context.js';
import { RETRY_AFTER_SECONDS, sendError } from './lib/http/errors.js';
import {
  BODY_LIMIT,
  createHostGuard,
  createHostPolicy,
  createWriteGuard,
} from './lib/http/request-guard.js';
import { installMetrics } from './lib/http/metrics.js';
import { registerProbes } from './lib/http/probes.js';
import { registerApiDocs } from './lib/http/docs.js';
import { registerRestRoutes } from './lib/http/rest.js';
import { createAuthGuards } from './modules/auth/service.js';
import { appRouter, type AppRouter } from './root.js';
import { SessionStore } from './lib/http/sessions.js';
import { ASSETS_PATH, registerWebApp } from './lib/http/static.js';
import { WorkerPool, type WorkerPoolOptions } from './lib/workers/pool.js';
import { JobQueue } from './lib/jobs/queue.js';
import { setEmailJobs, setMailDelivery } from './modules/emails/outbox.js';
import { OutboxSender, smtpTransport, type OutboxSenderOptions } from './modules/emails/sender.js';
import { DailyJobs } from './modules/dunning/jobs.js';
import type { Clock } from './modules/dunning/service.js';

/** tRPC calls in one batched HTTP request, at most (docs/rules.md §6). */
export const MAX_BATCH_SIZE = 10;

export interface ServerOptions {
  dbHandle: DbHandle;
  config: AppConfig;
  /** Logs one line per request (config.log); off in tests. */
  logger?: boolean;
  /** The worker threads' size and limits; one thread per core by default. */
  workers?: WorkerPoolOptions;
  /** The outbox sender's transport and timings instead of SMTP_URL's (tests). */
  mail?: Partial<Pick<OutboxSenderOptions, 'transport' | 'retryDelaysMs' | 'pollMs'>>;
  /** Today for the daily jobs (dunning, monthly statements); tests move it. */
  clock?: Clock;
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

export async function createServer({
  dbHandle,
  config,
  logger = false,
  workers: workerOptions,
  mail,
  clock,
}: ServerOptions) {
  const { db } = dbHandle;
  const app = Fastify({
    logger: logger
      ? {
          level: config.log.level,
          ...(config.log.pretty
            ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname,reqId' } } }
            : {}),
        }
      : false,
    // Fastify's own logging writes two lines per request; the onResponse hook below writes one.
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies nearest to us (Fastify's types miss the number form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: BODY_LIMIT,
  });

  // First of all: a request for a Host the app is not served as gets no further (DNS rebinding).
  let listeningPort: number | undefined;
  // Asked on every request on the loopback names: the port is read once it is known
  // (Server#address costs about 7 µs a call).
  const hosts = createHostPolicy(config, () => {
    if (listeningPort === undefined) {
      const address = app.server.address();
      listeningPort = typeof address === 'object' && address ? address.port : undefined;
    }
    return listeningPort;
  });
  app.addHook('onRequest', createHostGuard(hosts));

  // @fastify/helmet calls helmet() on every request, parsing the CSP again each time; the
  // middleware built here once sets the same headers. (Since 8.1 helmet throws its errors
  // instead of passing them on, so its callback only ever means 'done'.)
  const setSecurityHeaders = helmet({
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
  // Helmet's headers govern a document (or a worker, which the app has none of); on a script or
  // a style sheet they do nothing, and a page loads 30–80 hashed files: they came to some 600
  // bytes of each one's 950 bytes of headers. Those keep the two that apply to them: a script is
  // refused unless served as one, and no other site may load it.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith(ASSETS_PATH)) {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cross-Origin-Resource-Policy', 'same-origin');
      return done();
    }
    setSecurityHeaders(req.raw, reply.raw, () => done());
  });

  app.addHook('onRequest', createWriteGuard(hosts));
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: req.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    // Fastify's own refusals (malformed JSON, body too large) keep their status and message.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    return sendError(req, reply, error);
  });

  // Operations (issue 23): the embedded database's backups and the Prometheus metrics.
  const backups = await installBackups(app, dbHandle, config.backupKeep);
  const metrics = installMetrics(app, config, dbHandle, backups);

  const sessions = new SessionStore(db);
  const authGuards = createAuthGuards(db);
  const secret = await sessionSecret(dbHandle, config.sessionSecret);
  const workers = new WorkerPool(workerOptions);
  if (metrics) {
    metrics.gauge('worker_pool_threads', 'Worker threads running', () => workers.stats().threads);
    metrics.gauge(
      'worker_pool_queue_length',
      'Heavy tasks (PDFs, CSV parsing) waiting for a worker thread',
      () => workers.stats().queued,
    );
    metrics.gauge(
      'worker_pool_tasks',
      'Heavy tasks handed to the worker threads and not yet answered',
      () => workers.stats().tasks,
    );
    workers.observeWait = metrics.histogram(
      'worker_pool_wait_seconds',
      'Time a heavy task waited for a worker thread',
      [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    );
  }
  // Closed after the requests in flight have answered (Fastify runs onClose once they have).
  app.addHook('onClose', () => workers.close());
  // A response still being prepared when the server stops (a PDF on a worker thread) is the last
  // on its connection: kept alive, the connection would hold the stop for keepAliveTimeout (72 s).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (stopping) reply.header('Connection', 'close');
    done(null, payload);
  });
  const contextDeps: RequestContextDeps = {
    db,
    config,
    authGuards,
    heavyWork: workers,
    backups: backups ?? null,
    sessions,
    secureCookie: config.production ? 'auto' : false,
  };
  const createContext = (req: FastifyRequest, reply: FastifyReply) =>
    createRequestContext(contextDeps, req, reply);

  // Cookies only for the API paths: static files never look at the session.
  await app.register(async (api) => {
    await api.register(fastifyCookie, { secret });
    await api.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_BATCH_SIZE,
        createContext: ({ req, res }) => createContext(req, res),
        onError: ({ error, path: procedure }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR')
            app.log.error({ err: error.cause ?? error, procedure }, 'tRPC call failed');
        },
        responseMeta: ({ errors }) =>
          errors.some((e) => e.code === 'SERVICE_UNAVAILABLE')
            ? { headers: { 'Retry-After': RETRY_AFTER_SECONDS } }
            : {},
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
    registerRestRoutes(api, createContext);
  });

  // The outbox's sender (issue 28): with an SMTP server, this process sends what is queued;
  // without one, emails are held until a user sends them once a server is set.
  const transport =
    mail?.transport ?? (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl) : undefined);
  setMailDelivery(transport !== undefined);
  const sender = transport
    ? new OutboxSender({
        db,
        transport,
        from: config.mail.from,
        heavyWork: workers,
        retryDelaysMs: mail?.retryDelaysMs,
        pollMs: mail?.pollMs,
        log: app.log,
      })
    : undefined;
  // Dunning and the monthly statements: checked hourly, run once a day across processes.
  const dailyJobs = new DailyJobs(db, clock, app.log);
  // On PostgreSQL the job queue (pg-boss) runs the sender and the daily jobs; on the embedded
  // database the sender polls the outbox and the daily jobs keep their own timer (queue.ts says why).
  const jobs = dbHandle.url ? new JobQueue(dbHandle.url, app.log) : undefined;
  // Stopped before the worker threads close: an email being sent may still render a PDF. The
  // queue first: its handlers use the sender.
  app.addHook('preClose', async () => {
    if (jobs) {
      await jobs.stop();
      setEmailJobs(undefined);
    }
    await sender?.stop();
    await dailyJobs.stop();
  });
  /** Starts the job queue (PostgreSQL): emails queued from then on get their job. */
  const startJobs = async () => {
    if (!jobs) return;
    await jobs.start();
    setEmailJobs(jobs.enqueueEmail);
  };

  registerProbes(app, db);
  await registerApiDocs(app);

  await registerWebApp(app, config);

  const prune = () =>
    Promise.all([sessions.prune(), authGuards.failures.prune()]).catch((err: unknown) =>
      app.log.warn({ err }, 'pruning expired sessions and sign-in failures failed'),
    );
  const pruneTimer = setInterval(prune, 15 * 60 * 1000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
  await prune();

  return {
    app,
    /** The worker threads, for their figures (`stats()`). */
    workers,
    backups,
    metrics,
    /** The outbox's sender; none without an SMTP server. */
    sender,
    dailyJobs,
    /**
     * Starts the job queue without working it (PostgreSQL; nothing on PGlite): tests that queue
     * emails in a process whose sender another process is.
     */
    startJobs,
    async start(port = config.port, host = config.host): Promise<string> {
      const address = await app.listen({ port, host });
      if (jobs) {
        await startJobs();
        await jobs.work({
          sendEmail: sender && ((id) => sender.sendOne(id)),
          sweepEmails: sender && ((lateByMs) => sender.drain(lateByMs)),
          daily: () => dailyJobs.runNow(),
        });
      } else {
        sender?.start();
        dailyJobs.start();
      }
      return address;
    },
    /** Stops taking requests, lets the in-flight ones finish, then closes the database. */
    async stop(): Promise<void> {
      await app.close();
      await dbHandle.close();
    },
  };
}

export type AppServer = Awaited<ReturnType<typeof createServer>>;
