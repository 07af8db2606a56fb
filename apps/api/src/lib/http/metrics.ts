import type { DbHandle } from '@pharm/db';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BackupService } from '../../modules/backups/service.js';
import type { AppConfig } from '../../config.js';
import { onDatabaseTimeout } from '../domain-error.js';
import { appRouter } from '../../root.js';

/** The route label of a request no route matched (raw paths would make the label set unbounded). */
export const UNMATCHED_ROUTE = '(unmatched)';

const PROCEDURES = new Set(Object.keys(appRouter._def.procedures));
const TRPC_ROUTE = '/trpc/:path';

/**
 * A request's route as a bounded label: the route's template (`/api/invoices/:id`), a tRPC call
 * by its procedure (`/trpc/invoices.list`; a batch of several is `/trpc/(batch)`, a name that is
 * no procedure stays the template), or UNMATCHED_ROUTE.
 */
export function routeLabel(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (!route) return UNMATCHED_ROUTE;
  if (route !== TRPC_ROUTE) return route;
  const names = String((req.params as { path?: string }).path ?? '').split(',');
  if (!names.every((name) => PROCEDURES.has(name))) return route;
  return names.length === 1 ? `/trpc/${names[0]}` : '/trpc/(batch)';
}

/**
 * The server's Prometheus metrics (prom-client), one registry per server. Besides Node's own
 * (process memory and CPU, event-loop lag, garbage collection), requests by route template and
 * status, the node-postgres pool, statement and lock timeouts, and the embedded database's
 * backups. Anything else that keeps a count or a queue reports through `gauge` (read when
 * scraped) and `histogram`.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly stopTimeouts: () => void;

  constructor(dbHandle: DbHandle, backups: BackupService | undefined) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });

    const timeouts = new Counter({
      name: 'db_timeouts_total',
      help: 'Statements cancelled by the statement timeout (57014) and lock waits past the lock timeout (55P03)',
      labelNames: ['kind'],
      registers,
    });
    timeouts.inc({ kind: 'statement' }, 0);
    timeouts.inc({ kind: 'lock' }, 0);
    this.stopTimeouts = onDatabaseTimeout((kind) => timeouts.inc({ kind }));

    const { pool } = dbHandle;
    if (pool) {
      this.gauge('db_pool_connections', 'Open PostgreSQL connections', () => pool.totalCount);
      this.gauge('db_pool_idle_connections', 'Open connections not in use', () => pool.idleCount);
      this.gauge(
        'db_pool_waiting_requests',
        'Queries waiting for a free connection',
        () => pool.waitingCount,
      );
    }

    if (backups) {
      this.gauge(
        'backup_last_success_timestamp_seconds',
        'When the last backup of the embedded database was written (0: none since start)',
        () => (backups.stats.lastSuccess?.getTime() ?? 0) / 1000,
      );
      this.gauge(
        'backup_last_hold_seconds',
        'How long the last backup held the embedded database, so requests waited',
        () => (backups.stats.lastHeldMs ?? 0) / 1000,
      );
      this.gauge(
        'backup_failures',
        'Backups of the embedded database that failed since start',
        () => backups.stats.failures,
      );
    }
  }

  /** A gauge whose value `read` gives each time the metrics are scraped. */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A histogram (seconds unless its name says otherwise); observe a value with the function. */
  histogram(name: string, help: string, buckets: number[]): (value: number) => void {
    const histogram = new Histogram({ name, help, buckets, registers: [this.registry] });
    return (value) => histogram.observe(value);
  }

  observeRequest(req: FastifyRequest, status: number, seconds: number): void {
    const labels = { method: req.method, route: routeLabel(req), status: String(status) };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }

  close(): void {
    this.stopTimeouts();
  }
}

/**
 * Metrics for a server, when METRICS says so: every response observed, and /metrics served on the
 * main port (METRICS=on) or on a second listener on 127.0.0.1:METRICS_PORT, which starts and
 * stops with the server. Undefined when off.
 */
export function installMetrics(
  app: FastifyInstance,
  config: Pick<AppConfig, 'metrics'>,
  dbHandle: DbHandle,
  backups: BackupService | undefined,
): Metrics | undefined {
  if (!config.metrics.enabled) return undefined;
  const metrics = new Metrics(dbHandle, backups);
  app.addHook('onResponse', async (req, reply) => {
    metrics.observeRequest(req, reply.statusCode, reply.elapsedTime / 1000);
  });

  const serve = (server: FastifyInstance) =>
    server.get('/metrics', async (_req, reply) =>
      reply
        .header('Content-Type', metrics.registry.contentType)
        .header('Cache-Control', 'no-store')
        .send(await metrics.registry.metrics()),
    );
  const { port } = config.metrics;
  if (port === undefined) {
    serve(app);
    app.addHook('onClose', async () => metrics.close());
    return metrics;
  }
  const listener = Fastify();
  serve(listener);
  app.addHook('onListen', async () => {
    await listener.listen({ port, host: '127.0.0.1' });
  });
  app.addHook('onClose', async () => {
    metrics.close();
    await listener.close();
  });
  return metrics;
}
