import { migrationState, type Db } from '@pharm/db';
import type { FastifyInstance } from 'fastify';

/** /readyz answers 503 when the database has not answered within this long. */
const READY_TIMEOUT_MS = 2_000;

/**
 * The probes, unauthenticated and cheap, saying nothing about the data. `/healthz` (liveness):
 * the process is up and serving. `/readyz` (readiness, for load balancers): the database
 * answers and its migrations are exactly this code's; else 503 with a short reason.
 */
export function registerProbes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', async (_req, reply) =>
    reply.header('Cache-Control', 'no-store').send({ ok: true }),
  );

  app.get('/readyz', async (_req, reply) => {
    const reason = await notReady(db);
    reply.header('Cache-Control', 'no-store');
    return reason ? reply.status(503).send({ ok: false, reason }) : reply.send({ ok: true });
  });
}

async function notReady(db: Db): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
  });
  try {
    const state = await Promise.race([migrationState(db), timeout]);
    if (state === 'timeout') return 'database not answering';
    if (state.unknown.length) return 'database migrated by a newer version';
    if (state.pending.length) return 'migrations pending';
    return undefined;
  } catch {
    return 'database unavailable';
  } finally {
    clearTimeout(timer);
  }
}
