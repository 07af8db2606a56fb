import { spawn } from 'node:child_process';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@pharm/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/server.js';
import {
  Client,
  createTestDb,
  deadlockCount,
  startTestApp,
  testConfig,
  usingPostgres,
  type TestApp,
} from './helpers.js';

/**
 * docs/rules.md §6 tried the way an attacker would: odd path spellings, forged headers, oversized
 * and concurrent requests. Each test checks the safe answer and that nothing changed.
 */

const MiB = 1024 * 1024;
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function count(t: TestApp, table: 'pharmacies' | 'products' | 'session' | 'users') {
  const row = await t.db
    .selectFrom(table)
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The server listening on a real port, for what fastify.inject cannot send (raw and chunked bodies). */
async function listen(t: TestApp): Promise<number> {
  await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.server.app.server.address() as AddressInfo).port;
}

/** Sends only a request head over a raw socket and returns the status line the server answers with. */
function statusOfHead(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.split('\r\n', 1)[0]!);
      }
    });
    socket.on('error', reject);
    socket.setTimeout(5_000, () => reject(new Error('no answer before the body was sent')));
  });
}

describe('the write guard, whatever the path is spelt', () => {
  let t: TestApp;
  let c: Client;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp();
    c = await t.signedIn();
    port = await listen(t);
  });
  afterAll(() => t.close());

  const multipart = {
    'content-type': 'multipart/form-data; boundary=x',
  };
  const part = '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nsku,name\r\n--x--\r\n';

  it('refuses a cross-site multipart catalogue import at /%74rpc (403), and a same-site one (415)', async () => {
    const crossSite = await c.request('POST', '/%74rpc/products.importCatalog', part, {
      ...multipart,
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.status).toBe(403);
    const sameSite = await c.request('POST', '/%74rpc/products.importCatalog', part, multipart);
    expect(sameSite.status).toBe(415);
    const plain = await c.request('POST', '/trpc/products.importCatalog', part, multipart);
    expect(plain.status).toBe(415);
    expect(await count(t, 'products')).toBe(0);
  });

  for (const path of ['/%61pi/logout', '/api/%6cogout', '/api/logout?next=/', '/%2561pi/logout']) {
    it(`refuses a cross-site POST to ${path} and the session lives on`, async () => {
      const res = await c.post(path, undefined, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect((await c.get('/api/user')).status).toBe(200);
    });
  }

  it('answers a 200 MB body to /%74rpc/auth.login with 413 before a byte of it is sent', async () => {
    for (const type of ['application/json', 'multipart/form-data; boundary=x']) {
      const status = await statusOfHead(
        port,
        `POST /%74rpc/auth.login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${200 * MiB}\r\n\r\n`,
      );
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    }
  });

  for (const [type, body] of [
    ['application/json', JSON.stringify({ name: 'x'.repeat(6 * MiB), email: 'big@example.com' })],
    ['multipart/form-data; boundary=x', `--x\r\n${'x'.repeat(6 * MiB)}\r\n--x--\r\n`],
    ['application/x-www-form-urlencoded', `name=${'x'.repeat(6 * MiB)}`],
    ['text/plain', 'x'.repeat(6 * MiB)],
    ['application/octet-stream', 'x'.repeat(6 * MiB)],
  ] as const) {
    it(`refuses a 6 MiB ${type.split(';')[0]} body with 413 on REST and tRPC, creating nothing`, async () => {
      const before = await count(t, 'pharmacies');
      for (const path of ['/api/pharmacies', '/trpc/pharmacies.create', '/%74rpc/auth.login']) {
        const res = await c.request('POST', path, body, { 'content-type': type });
        expect(res.status).toBe(413);
      }
      expect(await count(t, 'pharmacies')).toBe(before);
    });
  }

  it('refuses a chunked JSON body once it passes 5 MiB (413), creating nothing', async () => {
    const before = await count(t, 'pharmacies');
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/pharmacies',
          headers: { 'content-type': 'application/json', cookie: c.cookie! },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(`{"email":"chunked@example.com","name":"`);
      const chunk = 'x'.repeat(MiB);
      for (let i = 0; i < 6; i++) req.write(chunk);
      req.end('"}');
    });
    expect(status).toBe(413);
    expect(await count(t, 'pharmacies')).toBe(before);
  });
});

describe('forged client addresses', () => {
  const wrongLogin = (c: Client, i: number, forwardedFor: string) =>
    c.post(
      '/api/login',
      { email: `nobody${i}@example.com`, password: 'wrong-password' },
      { 'x-forwarded-for': forwardedFor },
    );

  it('ignores X-Forwarded-For by default: a new forged address per try still meets the limit', async () => {
    const t = await startTestApp();
    try {
      const c = t.client();
      for (let i = 0; i < 10; i++) {
        expect((await wrongLogin(c, i, `203.0.113.${i + 1}`)).status).toBe(401);
      }
      expect((await wrongLogin(c, 10, '203.0.113.99')).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=1 takes the address the proxy appended, not what the client wrote', async () => {
    const t = await startTestApp({ trustProxy: 1 });
    try {
      const proxy = t.client();
      for (let i = 0; i < 10; i++) {
        expect((await wrongLogin(proxy, i, `198.51.100.${i + 1}, 192.0.2.7`)).status).toBe(401);
      }
      expect((await wrongLogin(proxy, 10, '198.51.100.99, 192.0.2.7')).status).toBe(429);
      // Another client behind the same proxy is not blocked.
      expect((await wrongLogin(proxy, 11, '192.0.2.8')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('sessions', () => {
  let t: TestApp;
  let feed: Server;
  let release: () => void = () => undefined;
  let feedRequested: Promise<void>;
  beforeAll(async () => {
    let requested: () => void = () => undefined;
    feedRequested = new Promise((resolve) => (requested = resolve));
    feed = createHttpServer((_req, res) => {
      requested();
      release = () => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.end(
          'sku,name,category,default_price,active,variant_sku,size,color,material,sterile,package_qty,variant_price,notes\n' +
            'SLOW-1,Slow vial,Vial,1.00,,SLOW-1-V1,2R,Clear,Borosilicate Type I glass,true,100,,\n',
        );
      };
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    t = await startTestApp({
      catalogFeed: `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.csv`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => feed.close(() => resolve()));
  });

  it('does not bring back a session that was signed out while a slower request was running', async () => {
    const c = await t.signedIn();
    const me = (await c.get('/api/user')).body;
    const slow = c.post('/trpc/products.importCatalog', { json: {} });
    await feedRequested;
    expect((await c.post('/api/logout')).status).toBe(200);
    release();
    expect((await slow).status).toBe(200);

    const sessions = await t.db
      .selectFrom('session')
      .select('sid')
      .where('userId', '=', me.id)
      .execute();
    expect(sessions).toEqual([]);
    const replay = t.client();
    replay.cookie = c.cookie;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('answers a logout without a session with 401, on REST and tRPC', async () => {
    const stranger = t.client();
    expect((await stranger.post('/api/logout')).status).toBe(401);
    expect((await stranger.post('/trpc/auth.logout', {})).status).toBe(401);
  });
});

describe('tRPC batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const batch = (n: number) =>
    `/trpc/${Array.from({ length: n }, () => 'auth.me').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;

  it('answers a batch of 10 calls and refuses 11 with 400', async () => {
    const c = t.client();
    const ten = await c.get(batch(10));
    expect(ten.status).toBe(200);
    expect(ten.body).toHaveLength(10);
    expect((await c.get(batch(11))).status).toBe(400);
  });
});

describe('who may register', () => {
  /** What the Register tab reads, signed out: auth.registration over tRPC. */
  async function invitationOnly(t: TestApp): Promise<boolean> {
    const res = await t.client().get('/trpc/auth.registration');
    expect(res.status).toBe(200);
    return res.body.result.data.json.invitationOnly;
  }

  it('tells the Register tab when sign-up is by invitation only', async () => {
    const firstUser = await startTestApp({ registration: { mode: 'first-user' } });
    try {
      expect(await invitationOnly(firstUser)).toBe(false);
      const first = await firstUser
        .client()
        .post('/api/register', { email: 'first@example.com', password: 'secret12' });
      expect(first.status).toBe(201);
      expect(await invitationOnly(firstUser)).toBe(true);
    } finally {
      await firstUser.close();
    }
    const closed = await startTestApp({ registration: { mode: 'closed' } });
    try {
      expect(await invitationOnly(closed)).toBe(true);
    } finally {
      await closed.close();
    }
  }, 60_000);

  it('REGISTRATION=closed refuses every new account with 403 and creates none', async () => {
    const t = await startTestApp({ registration: { mode: 'closed' } });
    try {
      const res = await t
        .client()
        .post('/api/register', { email: 'new@example.com', password: 'secret12' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Registration is closed; ask an administrator for an account');
      expect(await count(t, 'users')).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('a domain list admits only addresses at those domains', async () => {
    const t = await startTestApp({
      registration: { mode: 'domains', domains: ['pharm.example'] },
    });
    try {
      const outsider = await t
        .client()
        .post('/api/register', { email: 'x@evil.example', password: 'secret12' });
      expect(outsider.status).toBe(403);
      expect(outsider.body.message).toBe('Registration is open only to addresses at pharm.example');
      const staff = await t
        .client()
        .post('/api/register', { email: 'Staff@Pharm.Example', password: 'secret12' });
      expect(staff.status).toBe(201);
      expect(await count(t, 'users')).toBe(1);
    } finally {
      await t.close();
    }
  });
});

/** A request over a real connection with the given Host, as a browser on a rebound name sends it. */
function requestWithHost(
  port: number,
  options: { method?: string; path: string; host: string; headers?: Record<string, string> },
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { ...options.headers, host: options.host },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('Hosts the app is not served as (DNS rebinding)', () => {
  const rebound = 'rebind.evil.example:3000';

  it('answers a rebound name 421 on reads and writes, creating no user and reading no session', async () => {
    const t = await startTestApp();
    try {
      const c = await t.signedIn();
      const users = await count(t, 'users');
      const sessions = await count(t, 'session');
      const read = await c.get('/api/pharmacies', { host: rebound });
      expect(read.status).toBe(421);
      expect(read.body.message).toBe(
        'This server does not answer for that host name (see ALLOWED_HOSTS)',
      );
      const register = await t
        .client()
        .post(
          '/api/register',
          { email: 'rebound@example.com', password: 'secret12' },
          { host: rebound, origin: `http://${rebound}` },
        );
      expect(register.status).toBe(421);
      expect(register.headers['set-cookie']).toBeUndefined();
      for (const path of ['/trpc/auth.user', '/', '/no-such-path', '/api/user']) {
        const res = await c.get(path, { host: rebound });
        expect(res.status, path).toBe(421);
        expect(res.headers['set-cookie'], path).toBeUndefined();
      }
      const settings = await c.put('/api/settings', { holdDaysPastDue: 5 }, { host: rebound });
      expect(settings.status).toBe(421);
      expect(await count(t, 'users')).toBe(users);
      expect(await count(t, 'session')).toBe(sessions);
      expect((await c.get('/api/settings')).body.holdDaysPastDue).not.toBe(5);
    } finally {
      await t.close();
    }
  });

  it('answers the loopback names on its own port, and the probes for any Host', async () => {
    const t = await startTestApp();
    try {
      const c = await t.signedIn();
      for (const host of ['localhost:80', '127.0.0.1:80', '[::1]:80', 'LOCALHOST', '127.0.0.1'])
        expect((await c.get('/api/user', { host })).status, host).toBe(200);
      for (const host of ['localhost:3000', 'localhost.evil.example', '127.0.0.2:80'])
        expect((await c.get('/api/user', { host })).status, host).toBe(421);
      const probe = await t.client().get('/healthz', { host: '10.0.3.7:3000' });
      expect(probe.status).toBe(200);
      expect(probe.body).toEqual({ ok: true });
      const ready = await t.client().get('/readyz', { host: '10.0.3.7:3000' });
      expect(ready.status).toBe(200);
      expect((await t.client().get('/metrics', { host: '10.0.3.7:3000' })).status).toBe(421);
    } finally {
      await t.close();
    }
  });

  it('answers the port it picked at listen (PORT=0) over a real connection', async () => {
    const t = await startTestApp();
    try {
      const port = await listen(t);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`])
        expect((await requestWithHost(port, { path: '/api/user', host })).status, host).toBe(401);
      const register = await requestWithHost(
        port,
        {
          method: 'POST',
          path: '/api/register',
          host: `rebind.evil.example:${port}`,
          headers: {
            'content-type': 'application/json',
            origin: `http://rebind.evil.example:${port}`,
          },
        },
        JSON.stringify({ email: 'rebound@example.com', password: 'secret12' }),
      );
      expect(register.status).toBe(421);
      expect(await count(t, 'users')).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('with ALLOWED_HOSTS answers those names (any port unless one is given) and no other', async () => {
    const t = await startTestApp({ allowedHosts: ['pharm.internal', 'pharm.lan:8080'] });
    try {
      // The loopback names are no longer among them, fastify.inject's localhost:80 included.
      expect((await t.client().get('/api/user')).status).toBe(421);
      const staff = t.client();
      const lan = { host: 'pharm.lan:8080', origin: 'http://pharm.lan:8080' };
      const registered = await staff.post(
        '/api/register',
        { email: 'staff@example.com', password: 'secret12' },
        lan,
      );
      expect(registered.status).toBe(201);
      for (const host of ['pharm.internal', 'pharm.internal:3000', 'PHARM.LAN:8080'])
        expect((await staff.get('/api/user', { host })).status, host).toBe(200);
      for (const host of ['pharm.lan:9090', 'pharm.lan', 'localhost:80', rebound])
        expect((await staff.get('/api/user', { host })).status, host).toBe(421);

      const pharmacy = { name: 'Allowed', email: 'allowed@example.com' };
      const fromInternal = await staff.post('/api/pharmacies', pharmacy, {
        host: 'pharm.lan:8080',
        origin: 'https://pharm.internal',
      });
      expect(fromInternal.status).toBe(201);
      const foreign = await staff.post('/api/pharmacies', pharmacy, {
        ...lan,
        origin: `http://${rebound}`,
      });
      expect(foreign.status).toBe(403);
      expect(await count(t, 'pharmacies')).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("with APP_ORIGIN answers its host, takes writes from it alone, and not the Host's own", async () => {
    const t = await startTestApp({ appOrigin: 'https://pharm.example.com' });
    try {
      const staff = t.client();
      const site = { host: 'pharm.example.com', origin: 'https://pharm.example.com' };
      expect(
        (
          await staff.post(
            '/api/register',
            { email: 'staff@example.com', password: 'secret12' },
            site,
          )
        ).status,
      ).toBe(201);
      expect((await staff.get('/api/user', { host: 'pharm.example.com' })).status).toBe(200);
      expect((await staff.get('/api/user', { host: 'localhost:80' })).status).toBe(421);
      expect((await staff.get('/api/user', { host: 'pharm.example.com:3000' })).status).toBe(421);
      const pharmacy = { name: 'Proxied', email: 'p@example.com' };
      const plainHttp = await staff.post('/api/pharmacies', pharmacy, {
        ...site,
        origin: 'http://pharm.example.com',
      });
      expect(plainHttp.status).toBe(403);
      expect((await staff.post('/api/pharmacies', pharmacy, site)).status).toBe(201);
      expect(await count(t, 'pharmacies')).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('behind a proxy that rewrites Host, answers APP_ORIGIN and the ALLOWED_HOSTS name it uses', async () => {
    const t = await startTestApp({
      appOrigin: 'https://pharm.example.com',
      allowedHosts: ['api.internal:3000'],
      trustProxy: 1,
    });
    try {
      const staff = t.client();
      const proxied = { host: 'api.internal:3000', origin: 'https://pharm.example.com' };
      const registered = await staff.post(
        '/api/register',
        { email: 'staff@example.com', password: 'secret12' },
        proxied,
      );
      expect(registered.status).toBe(201);
      const pharmacy = { name: 'Proxied', email: 'p@example.com' };
      expect((await staff.post('/api/pharmacies', pharmacy, proxied)).status).toBe(201);
      const foreign = await staff.post('/api/pharmacies', pharmacy, {
        ...proxied,
        origin: 'https://evil.example',
      });
      expect(foreign.status).toBe(403);
      expect((await staff.get('/api/user', { host: rebound })).status).toBe(421);
      // The proxy passes the name the browser asked for on in X-Forwarded-Host.
      for (const [host, forwarded, status] of [
        ['api.internal:3000', 'pharm.example.com', 200],
        ['api.internal:3000', rebound, 421],
        [rebound, 'pharm.example.com', 421],
      ] as const) {
        const res = await staff.get('/api/user', { host, 'x-forwarded-host': forwarded });
        expect(res.status, `${host} for ${forwarded}`).toBe(status);
      }
      expect(await count(t, 'pharmacies')).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('refuses to start in production on a reachable HOST without APP_ORIGIN or ALLOWED_HOSTS', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '0.0.0.0',
        PORT: '0',
        APP_ORIGIN: '',
        ALLOWED_HOSTS: '',
        DATABASE_URL: '',
        DATA_DIR: 'memory://',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // A server that starts anyway is stopped, and the test fails on its exit code.
    const started = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await new Promise((resolve) => child.on('exit', resolve));
    clearTimeout(started);
    expect(code).toBe(1);
    expect(output).toContain(
      'ALLOWED_HOSTS: must be set (or APP_ORIGIN) when NODE_ENV=production and HOST=0.0.0.0',
    );
    expect(output).not.toContain('listening');
  });
});

describe('a flood of sign-ins', () => {
  it('hashes a bounded number at once and answers the rest 503 with Retry-After, never 500', async () => {
    const t = await startTestApp();
    try {
      // Each from its own address, so that the per-address limit is not what refuses them.
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          new Client(t.server, `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}`).post('/api/login', {
            email: `flood${i}@example.com`,
            password: 'wrong-password',
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
      const busy = answers.filter((a) => a.status === 503);
      expect(busy.length).toBeGreaterThan(0);
      for (const a of busy) {
        expect(a.headers['retry-after']).toBe('5');
        expect(a.body.message).toBe('The server is busy; please try again in a moment');
      }
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!usingPostgres)('a busy database (PostgreSQL)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  /** An API whose pool has the given timeouts, and a pharmacy row locked by another connection. */
  async function apiBehindALock(pool: { statementTimeoutMs: number; lockTimeoutMs: number }) {
    const scratch = await createTestDb();
    cleanup.push(scratch.drop);
    const handle = await createDb({ url: scratch.url, pool, onConnectionError: () => undefined });
    cleanup.push(() => handle.close());
    const server = await createServer({ dbHandle: handle, config: testConfig() });
    cleanup.push(() => server.app.close());
    const c = new Client(server, '10.5.5.5');
    await c.post('/api/register', { email: 'busy@example.com', password: 'secret12' });
    const created = await c.post('/api/pharmacies', { name: 'Locked', email: 'l@example.com' });

    let unlock: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (unlock = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = scratch.handle.db.transaction().execute(async (trx) => {
      await sql`select 1 from pharmacies where id = ${created.body.id} for update`.execute(trx);
      locked();
      await released;
    });
    cleanup.push(async () => {
      unlock();
      await holder;
    });
    await isLocked;
    return { c, id: created.body.id as string };
  }

  it('answers a lock wait past lock_timeout with 503 and Retry-After, without database text', async () => {
    const { c, id } = await apiBehindALock({ statementTimeoutMs: 10_000, lockTimeoutMs: 300 });
    const res = await c.put(`/api/pharmacies/${id}`, { name: 'Changed', email: 'l@example.com' });
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.message).toBe('The database is busy; please try again shortly');
  });

  it('answers a statement past statement_timeout with 503 and Retry-After, on REST and tRPC', async () => {
    const { c, id } = await apiBehindALock({ statementTimeoutMs: 300, lockTimeoutMs: 0 });
    const rest = await c.put(`/api/pharmacies/${id}`, { name: 'Changed', email: 'l@example.com' });
    expect(rest.status).toBe(503);
    expect(rest.headers['retry-after']).toBe('5');
    expect(rest.text).not.toMatch(/statement timeout|canceling|pharmacies/i);
    const trpc = await c.post('/trpc/pharmacies.update', {
      json: { id, data: { name: 'Changed', email: 'l@example.com' } },
    });
    expect(trpc.status).toBe(503);
    expect(trpc.headers['retry-after']).toBe('5');
  });
});

describe.skipIf(!usingPostgres)('two API processes on one database (PostgreSQL)', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  async function twoServers() {
    const scratch = await createTestDb();
    cleanup.push(scratch.drop);
    const servers = [];
    for (let i = 0; i < 2; i++) {
      const handle = await createDb({ url: scratch.url, onConnectionError: () => undefined });
      cleanup.push(() => handle.close());
      const server = await createServer({ dbHandle: handle, config: testConfig() });
      cleanup.push(() => server.app.close());
      servers.push(server);
    }
    return [servers[0]!, servers[1]!, scratch.handle.db] as const;
  }

  it('share sessions: signed in on one, known on the other, signed out on both', async () => {
    const [a, b] = await twoServers();
    const onA = new Client(a, '10.6.6.6');
    expect(
      (await onA.post('/api/register', { email: 'two@example.com', password: 'secret12' })).status,
    ).toBe(201);
    const onB = new Client(b, '10.6.6.6');
    onB.cookie = onA.cookie;
    expect((await onB.get('/api/user')).body.email).toBe('two@example.com');
    expect((await onB.post('/api/logout')).status).toBe(200);
    expect((await onA.get('/api/user')).status).toBe(401);
  });

  it('share the sign-in limit under a burst: 30 concurrent wrong passwords over both get at most 10 checks', async () => {
    const [a, b, db] = await twoServers();
    const deadlocks = await deadlockCount(db);
    const clients = [new Client(a, '10.8.8.8'), new Client(b, '10.8.8.8')];
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const res = await clients[i % 2]!.post('/api/login', {
          email: 'someone@example.com',
          password: 'wrong-password',
        });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(await deadlockCount(db)).toBe(deadlocks);
  });

  it('share the sign-in limit: failures on both count toward one', async () => {
    const [a, b] = await twoServers();
    const clients = [new Client(a, '10.7.7.7'), new Client(b, '10.7.7.7')];
    for (let i = 0; i < 10; i++) {
      const res = await clients[i % 2]!.post('/api/login', {
        email: `gone${i}@example.com`,
        password: 'wrong-password',
      });
      expect(res.status).toBe(401);
    }
    for (const c of clients) {
      const res = await c.post('/api/login', { email: 'x@example.com', password: 'wrong-pass' });
      expect(res.status).toBe(429);
    }
  });
});
