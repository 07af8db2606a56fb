import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, createScratchDatabase } from '@pharm/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/server.js';
import { Client, testConfig, usingPostgres } from './helpers.js';

/**
 * A TCP proxy in front of PostgreSQL: closing it drops every connection and refuses new ones,
 * which is what the API sees while PostgreSQL restarts, without disturbing other test files.
 */
class FlakyProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

describe.skipIf(!usingPostgres)('PostgreSQL restart under a running API', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('answers 503 while the database is away and recovers by itself, without crashing', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanup.push(scratch.drop);
    const target = new URL(scratch.url);
    const proxy = new FlakyProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.up();
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);

    const lost: string[] = [];
    const handle = await createDb({
      url: viaProxy.toString(),
      onConnectionError: (e) => lost.push(e.message),
    });
    const server = await createServer({ dbHandle: handle, config: testConfig() });
    cleanup.push(() => server.stop());
    cleanup.push(() => proxy.down());

    const c = new Client(server, '10.9.9.9');
    expect(
      (await c.post('/api/register', { email: 'restart@example.com', password: 'secret12' }))
        .status,
    ).toBe(201);
    expect(
      (await c.post('/api/pharmacies', { name: 'Before', email: 'b@example.com' })).status,
    ).toBe(201);

    await proxy.down();
    const during = await c.get('/api/pharmacies');
    expect(during.status).toBe(503);
    expect(during.body.message).toMatch(/database is unavailable/i);
    const trpcDuring = await c.get(
      `/trpc/pharmacies.list?input=${encodeURIComponent('{"json":{}}')}`,
    );
    expect(trpcDuring.status).toBe(503);
    expect(trpcDuring.headers['retry-after']).toBe('5');

    await proxy.up();
    let after = await c.get('/api/pharmacies');
    for (let i = 0; i < 20 && after.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      after = await c.get('/api/pharmacies');
    }
    expect(after.status).toBe(200);
    expect(after.body.map((p: any) => p.name)).toEqual(['Before']);
    expect(lost.length).toBeGreaterThan(0);
  });
});

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEnv = {
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  DATA_DIR: 'memory://',
  SESSION_SECRET: 'x'.repeat(40),
};

/** `src/main.ts` in a process of its own, as production starts it; resolves with its port. */
async function startMain(): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
  return { child, port };
}

/** Opens a connection and sends a register request whose body stops after 10 bytes. */
async function startSlowRegister(port: number) {
  const body = JSON.stringify({ email: 'drain@example.com', password: 'secret12' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  let response = '';
  socket.on('data', (chunk) => (response += chunk.toString()));
  socket.write(
    `POST /api/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  await new Promise((r) => setTimeout(r, 200));
  return {
    socket,
    finish: () => socket.write(body.slice(10)),
    response: () => response,
  };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('SIGTERM', () => {
  it('finishes the request in flight, then exits cleanly', async () => {
    const { child, port } = await startMain();
    const slow = await startSlowRegister(port);
    const exited = exitOf(child);
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    slow.finish();
    await new Promise<void>((resolve) => slow.socket.on('close', () => resolve()));

    expect(slow.response()).toMatch(/^HTTP\/1\.1 201/);
    expect(await exited).toBe(0);
  });

  // Takes the full 25 s deadline: run once, not on both databases.
  it.skipIf(usingPostgres)(
    'exits within 25 s even when a request never finishes',
    async () => {
      const { child, port } = await startMain();
      const stalled = await startSlowRegister(port);
      const exited = exitOf(child);
      const signalled = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      const took = Date.now() - signalled;
      stalled.socket.destroy();
      expect(code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(24_000);
      expect(took).toBeLessThan(30_000);
    },
    40_000,
  );
});

describe('pnpm db:seed', () => {
  it('refuses to run with NODE_ENV=production', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/seed/index.ts'], {
      cwd: apiDir,
      env: { ...serverEnv, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    expect(await exitOf(child)).toBe(1);
    expect(err).toContain('pnpm db:seed refuses to run with NODE_ENV=production');
  });
});
