import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES, type Role } from '@pharm/validators/roles';
import { z } from 'zod';

/** The repository root: two levels above apps/api (from src/ in dev, dist/ when built). */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiDir, '../..');

/**
 * Who may create an account: anyone, no one, addresses at the listed email domains, or only the
 * first user of an empty database (then invitations only).
 */
export type Registration =
  | { mode: 'open' }
  | { mode: 'closed' }
  | { mode: 'first-user' }
  | { mode: 'domains'; domains: string[] };

/**
 * Fastify's `trustProxy`: false (X-Forwarded-* ignored, the default), a hop count, or the
 * addresses/CIDR ranges of the proxies whose X-Forwarded-For is believed.
 */
export type TrustProxy = false | number | string[];

const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const wholeNumber = (fallback: number, min = 0) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!/^\d+$/.test(v) || Number(v) < min) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number of at least ${min}` });
        return z.NEVER;
      }
      return Number(v);
    });

/** A yes/no setting: `true`/`1` or `false`/`0`; unset or empty is the default. */
const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = v?.trim().toLowerCase();
      if (!value) return fallback;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

/** METRICS: `on` serves /metrics on the main port; `off` (or unset) serves none. */
const onOff = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = v?.trim().toLowerCase();
    if (!value || value === 'off') return false;
    if (value === 'on') return true;
    ctx.addIssue({ code: 'custom', message: 'must be on or off' });
    return z.NEVER;
  });

/** A TCP port (1–65535), or undefined when unset. */
const port = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 65535) {
      ctx.addIssue({ code: 'custom', message: 'must be a port number from 1 to 65535' });
      return z.NEVER;
    }
    return Number(v);
  });

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const value = v?.trim().toLowerCase();
    if (!value || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // `true` would trust whatever address a client writes into X-Forwarded-For.
    const bad = entries.find((e) => !isIP(e.split('/', 1)[0]!));
    if (bad) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not a hop count or an IP address/CIDR range`,
      });
      return z.NEVER;
    }
    return entries;
  });

const registration = z
  .string()
  .optional()
  .transform((v, ctx): Registration | undefined => {
    const value = v?.trim().toLowerCase();
    // Unset: the default depends on NODE_ENV (loadConfig).
    if (!value) return undefined;
    if (value === 'open') return { mode: 'open' };
    if (value === 'closed') return { mode: 'closed' };
    if (value === 'first-user') return { mode: 'first-user' };
    const domains = value
      .split(',')
      .map((d) => d.trim().replace(/^@/, ''))
      .filter(Boolean);
    const bad = domains.find((d) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d));
    if (bad) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not open, closed, first-user or an email domain`,
      });
      return z.NEVER;
    }
    return { mode: 'domains', domains };
  });

const origin = optionalText.superRefine((v, ctx) => {
  if (v !== undefined && !/^https?:\/\/[^/]+$/.test(v)) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be scheme://host[:port], e.g. https://pharm.example.com',
    });
  }
});

/** `name` or `name:port`; a name is a DNS name, an IPv4 address or an IPv6 one in brackets. */
const HOST_ENTRY = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const allowedHosts = z
  .string()
  .optional()
  .transform((v, ctx): string[] | undefined => {
    const entries = (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    if (!entries.length) return undefined;
    const bad = entries.find((e) => !HOST_ENTRY.test(e));
    if (bad) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not a host name with an optional port, e.g. pharm.example.com or 10.0.0.5:3000`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Whether the server listens only where other machines cannot reach it. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Every setting the API reads from the environment, checked once at start. */
const envSchema = z
  .object({
    NODE_ENV: optionalText,
    PORT: wholeNumber(3000),
    HOST: z
      .string()
      .optional()
      .transform((v) => v || '127.0.0.1'),
    DATABASE_URL: optionalText,
    DATA_DIR: optionalText,
    DB_POOL_MAX: wholeNumber(10, 1),
    DB_STATEMENT_TIMEOUT_MS: wholeNumber(15_000),
    DB_LOCK_TIMEOUT_MS: wholeNumber(5_000),
    SESSION_SECRET: optionalText.superRefine((v, ctx) => {
      if (v !== undefined && v.length < 32) {
        ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters' });
      }
    }),
    APP_ORIGIN: origin,
    TRUST_PROXY: trustProxy,
    REGISTRATION: registration,
    DEFAULT_ROLE: z
      .string()
      .optional()
      .transform((v) => v?.trim().toLowerCase() || 'admin')
      .pipe(z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` })),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .optional()
      .default('info'),
    LOG_FORMAT: z.enum(['json', 'pretty']).optional().default('json'),
    CATALOG_PROVIDER_NAME: optionalText,
    CATALOG_FEED: optionalText,
    SERVE_SOURCE_MAPS: flag(false),
    ALLOWED_HOSTS: allowedHosts,
    BACKUP_KEEP: wholeNumber(14, 1),
    METRICS: onOff,
    METRICS_PORT: port,
    SMTP_URL: optionalText.superRefine((v, ctx) => {
      if (v !== undefined && !/^smtps?:\/\/[^\s]+$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be smtp://[user:password@]host[:port] or smtps://…',
        });
      }
    }),
    MAIL_FROM: optionalText.superRefine((v, ctx) => {
      // "Name <address>" or an address.
      if (v !== undefined && !/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be an address or "Name <address>", e.g. PharmSupply <billing@example.com>',
        });
      }
    }),
  })
  .superRefine((e, ctx) => {
    // Without either, only the loopback names are answered: in production on an address other
    // machines reach, that is a server nobody can use, or one set up without thinking of Host.
    if (
      e.NODE_ENV === 'production' &&
      !isLoopbackHost(e.HOST) &&
      !e.APP_ORIGIN &&
      !e.ALLOWED_HOSTS
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOWED_HOSTS'],
        message: `must be set (or APP_ORIGIN) when NODE_ENV=production and HOST=${e.HOST} is reachable from other machines: the names the app is served as, e.g. pharm.example.com`,
      });
    }
  });

export interface AppConfig {
  port: number;
  host: string;
  /** postgres:// URL; unset means embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** `dataDir` as people configured it (`DATA_DIR`, else `./.data`), for messages. */
  dataDirLabel: string;
  /** The node-postgres pool's size and the per-connection timeouts (docs/rules.md §6). */
  db: { poolMax: number; statementTimeoutMs: number; lockTimeoutMs: number };
  production: boolean;
  /** Signs session cookies; when unset a secret generated once is kept in the database. */
  sessionSecret: string | undefined;
  /** The app's public origin: its host is answered, and writes must come from it. */
  appOrigin: string | undefined;
  /**
   * ALLOWED_HOSTS: the Host names answered besides APP_ORIGIN's (`name` on any port, or
   * `name:port`). With neither set, only the loopback names on the server's port are.
   */
  allowedHosts: string[] | undefined;
  trustProxy: TrustProxy;
  /** REGISTRATION: `first-user` by default in production, `open` otherwise. */
  registration: Registration;
  /** DEFAULT_ROLE: the role of a self-registered user (not the first user, always an admin). */
  defaultRole: Role;
  log: { level: z.infer<typeof envSchema>['LOG_LEVEL']; pretty: boolean };
  /** Folder of the built web app served on the same port, when it exists. */
  webDist: string | undefined;
  /** Whether the web app's source maps (`*.map`) are served; off, they are 404. */
  serveSourceMaps: boolean;
  /** The catalogue import provider's display name and feed location. */
  catalogProviderName: string;
  catalogFeed: string;
  /** How many backups of the embedded database the server keeps in DATA_DIR/backups. */
  backupKeep: number;
  /**
   * /metrics: off, on the main port (METRICS=on), or on a second listener bound to 127.0.0.1
   * (METRICS_PORT).
   */
  metrics: { enabled: false } | { enabled: true; port: number | undefined };
  /**
   * SMTP_URL and MAIL_FROM: where emails go and whom they are from. Without a URL, emails are
   * held in the outbox with their previews (issue 28).
   */
  mail: { smtpUrl: string | undefined; from: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new Error(
      `Invalid environment:\n  METRICS_PORT: must differ from PORT (${e.PORT}); METRICS=on serves /metrics on PORT`,
    );
  }
  const webDist = path.join(repoRoot, 'apps/web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR ?? path.join(repoRoot, '.data'),
    dataDirLabel: e.DATA_DIR ?? './.data',
    db: {
      poolMax: e.DB_POOL_MAX,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    },
    production: e.NODE_ENV === 'production',
    sessionSecret: e.SESSION_SECRET,
    appOrigin: e.APP_ORIGIN,
    allowedHosts: e.ALLOWED_HOSTS,
    trustProxy: e.TRUST_PROXY,
    registration:
      e.REGISTRATION ?? (e.NODE_ENV === 'production' ? { mode: 'first-user' } : { mode: 'open' }),
    defaultRole: e.DEFAULT_ROLE,
    log: { level: e.LOG_LEVEL, pretty: e.LOG_FORMAT === 'pretty' },
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    serveSourceMaps: e.SERVE_SOURCE_MAPS,
    catalogProviderName: e.CATALOG_PROVIDER_NAME ?? 'MedSupply Direct',
    catalogFeed: e.CATALOG_FEED ?? path.join(repoRoot, 'apps/api/catalog/sample-catalog.json'),
    backupKeep: e.BACKUP_KEEP,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'PharmSupply <billing@pharmsupply.com>' },
    metrics:
      e.METRICS || e.METRICS_PORT !== undefined
        ? { enabled: true, port: e.METRICS_PORT }
        : { enabled: false },
  };
}
