import { randomBytes } from 'node:crypto';
import { createDb, createScratchDatabase, type DbHandle } from '@pharm/db';
import type { Role } from '@pharm/validators/roles';
import { sql } from 'kysely';
import { loadConfig, type AppConfig } from '../src/config.js';
import { createServer, type AppServer, type ServerOptions } from '../src/server.js';

export const usingPostgres = process.env.TEST_DB === 'postgres' && !!process.env.DATABASE_URL;

/**
 * A fresh, empty database: a new PostgreSQL database on DATABASE_URL's server, or in-memory PGlite;
 * migrated unless `migrate` is false.
 */
export async function createTestDb({ migrate = true } = {}): Promise<{
  handle: DbHandle;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (!usingPostgres) {
    const handle = await createDb({ dataDir: 'memory://', migrate });
    return { handle, drop: () => handle.close() };
  }
  const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  const handle = await createDb({ url: scratch.url, migrate, onConnectionError: () => undefined });
  return {
    handle,
    url: scratch.url,
    drop: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    // fastify.inject sends `Host: localhost:80`: the tests talk to a server served on port 80.
    port: 80,
    webDist: undefined,
    sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    ...overrides,
  };
}

export interface TestApp {
  server: AppServer;
  db: DbHandle['db'];
  handle: DbHandle;
  /** A new signed-out client with its own cookie jar and its own client address. */
  client(): Client;
  /** A client already registered and signed in. */
  signedIn(): Promise<Client>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The sender's knobs (a retry at once lets a test drive the outbox itself). */
  mail?: ServerOptions['mail'];
  /** Who `signedIn()` registers (a test reading a name in history or a mail names its own). */
  user?: { firstName: string; lastName: string };
}

export async function startTestApp(
  config: Partial<AppConfig> = {},
  { mail, user = { firstName: 'Test', lastName: 'User' } }: TestAppOptions = {},
): Promise<TestApp> {
  const { handle, drop } = await createTestDb();
  const server = await createServer({ dbHandle: handle, config: testConfig(config), mail });
  let clients = 0;
  const app: TestApp = {
    server,
    db: handle.db,
    handle,
    client: () => new Client(server, `10.0.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`),
    async signedIn() {
      const c = app.client();
      const res = await c.post('/api/register', {
        email: `user${clients}-${randomBytes(3).toString('hex')}@example.com`,
        password: 'secret12',
        ...user,
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
      return c;
    },
    async close() {
      await server.app.close();
      await drop();
    },
  };
  return app;
}

/**
 * A client signed in as a new user with `role`: invited by `admin` (a signed-in admin's client)
 * and accepted, as a person would (issue 26).
 */
export async function signedInAs(
  t: TestApp,
  admin: Client,
  role: Role,
): Promise<Client & { email: string }> {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.com`;
  const invited = await admin.post('/api/invitations', { email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`);
  const token = new URL(invited.body.url).hash.replace('#token=', '');
  const c = t.client();
  const res = await c.post('/api/invitations/accept', { token, password: 'secret12' });
  if (res.status !== 201) throw new Error(`accept failed: ${res.status} ${res.text}`);
  return Object.assign(c, { email });
}

/** A new API token of the client's user; `pst_…`. */
export async function tokenOf(c: Client, body: { role?: Role; expiresAt?: string } = {}) {
  const res = await c.post('/api/tokens', { name: 'Test token', ...body });
  if (res.status !== 201) throw new Error(`token failed: ${res.status} ${res.text}`);
  return res.body as { id: number; token: string; role: Role };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Response<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
}

/** Talks to the app through fastify.inject, keeping its session cookie like a browser. */
export class Client {
  cookie: string | undefined;

  constructor(
    private readonly server: AppServer,
    readonly ip: string,
  ) {}

  async request<T = any>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response<T>> {
    const res = await this.server.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body !== undefined
        ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';', 1)[0]!;
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    let parsed: unknown;
    try {
      parsed = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      // Not JSON (a PDF, an HTML page): the text is there.
    }
    return { status: res.statusCode, headers: res.headers, body: parsed as T, text: res.body };
  }

  get<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body, headers);
  }
  put<T = any>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', url, body, headers);
  }
  delete<T = any>(url: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', url, undefined, headers);
  }
}

/**
 * Makes every INSERT into `table` fail until `remove` is called: a write that reaches that step
 * fails there, as a crash or a constraint would, and its transaction must leave nothing behind.
 */
export async function injectFault(
  db: DbHandle['db'],
  table: string,
): Promise<{ remove: () => Promise<void> }> {
  await sql`create or replace function injected_fault() returns trigger language plpgsql as $$
    begin raise exception 'injected fault'; end $$`.execute(db);
  await sql`create trigger injected_fault before insert on ${sql.table(table)}
    for each row execute function injected_fault()`.execute(db);
  return {
    remove: async () => {
      await sql`drop trigger injected_fault on ${sql.table(table)}`.execute(db);
    },
  };
}

/**
 * The name of a test that races requests against each other. PGlite runs one query at a time, so
 * there such a test passes whatever the locking; the name says so, and only the PostgreSQL run of
 * it proves anything.
 */
export function raceTest(name: string): string {
  return usingPostgres ? name : `${name} [PGlite runs one query at a time: cannot fail here]`;
}

/**
 * How many deadlocks PostgreSQL has detected in the test's database (0 on PGlite, which has
 * one connection). inTransaction runs a deadlocked transaction again, so a race test that only
 * looks at the answers would not see one; compare this before and after instead. A backend
 * reports its counts about a second after it goes idle, hence the wait.
 */
export async function deadlockCount(db: DbHandle['db']): Promise<number> {
  if (!usingPostgres) return 0;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await sql<{ deadlocks: string }>`
    select deadlocks from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0]?.deadlocks ?? 0);
}
