import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = await t.signedIn();
});
afterAll(() => t.close());

const pharmacy = { name: 'Guarded Pharmacy', email: 'guard@example.com' };

async function pharmacyCount() {
  const row = await t.db
    .selectFrom('pharmacies')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('cross-site writes', () => {
  it('refuses a write whose Sec-Fetch-Site is cross-site (403) and changes nothing', async () => {
    const before = await pharmacyCount();
    const res = await c.post('/api/pharmacies', pharmacy, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    const trpc = await c.post(
      '/trpc/pharmacies.create',
      { json: pharmacy },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(trpc.status).toBe(403);
    expect(await pharmacyCount()).toBe(before);
  });

  it("refuses a write from another Origin (403) but accepts the app's own", async () => {
    const foreign = await c.post('/api/pharmacies', pharmacy, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const own = await c.post('/api/pharmacies', pharmacy, {
      origin: 'http://localhost:80',
      host: 'localhost:80',
    });
    expect(own.status).toBe(201);
    const sameSite = await c.post('/api/pharmacies', pharmacy, { 'sec-fetch-site': 'same-origin' });
    expect(sameSite.status).toBe(201);
  });

  it('lets reads through from anywhere (they change nothing)', async () => {
    const res = await c.get('/api/pharmacies', { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
  });
});

describe('non-JSON bodies', () => {
  for (const [type, body] of [
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nEvil\r\n--x--\r\n',
    ],
    ['application/x-www-form-urlencoded', 'name=Evil&email=e%40x.com'],
    ['text/plain', '{"name":"Evil","email":"e@x.com"}'],
  ] as const) {
    it(`refuses ${type.split(';')[0]} with 415 on REST and tRPC`, async () => {
      const before = await pharmacyCount();
      const rest = await c.request('POST', '/api/pharmacies', body, { 'content-type': type });
      expect(rest.status).toBe(415);
      const trpc = await c.request('POST', '/trpc/pharmacies.create', body, {
        'content-type': type,
      });
      expect(trpc.status).toBe(415);
      expect(await pharmacyCount()).toBe(before);
    });
  }

  it('accepts a body-less POST such as logout', async () => {
    const other = await t.signedIn();
    const res = await other.request('POST', '/api/logout');
    expect(res.status).toBe(200);
  });
});

describe('headers and error bodies', () => {
  it('sends helmet headers with a CSP that allows only the app itself', async () => {
    const res = await c.get('/api/user');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never puts a stack trace in an error body', async () => {
    const responses = [
      await c.request('POST', '/api/pharmacies', '{bad json'),
      await c.get('/api/pharmacies/999999'),
      await c.post('/api/pharmacies', { name: 1 }),
      await c.get(
        `/trpc/pharmacies.get?input=${encodeURIComponent(JSON.stringify({ json: { id: 'x' } }))}`,
      ),
    ];
    for (const res of responses) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toMatch(/\bat .+\.(ts|js):\d+/);
      expect(res.text).not.toMatch(/"stack"/);
    }
  });

  it('answers input tRPC cannot read, a superjson payload nested 100,000 deep included, with a generic 400', async () => {
    const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const before = await pharmacyCount();
    const calls = [
      // As the web client sends a call (httpBatchLink: ?batch=1, the superjson envelope per call).
      [
        '/trpc/pharmacies.create?batch=1',
        `{"0":{"json":{"name":"Deep","email":"deep@example.com"},"meta":{"values":{"name":${deep(100_000)}}}}}`,
      ],
      [
        '/trpc/pharmacies.create',
        `{"json":{"name":"Deep","email":"deep@example.com"},"meta":{"values":{"name":${deep(100_000)}}}}`,
      ],
      [
        '/trpc/pharmacies.create',
        '{"json":{"name":"x"},"meta":{"values":{"name":["bogus-transformation"]}}}',
      ],
      [
        '/trpc/pharmacies.create',
        '{"json":{"name":"x"},"meta":{"values":{"__proto__.x":["Date"]}}}',
      ],
      ['/trpc/pharmacies.create', '{"json":{"name":"x"'],
    ];
    for (const [path, body] of calls) {
      const res = await c.request('POST', path!, body);
      expect(res.status, path).toBe(400);
      const error = Array.isArray(res.body) ? res.body[0].error : res.body.error;
      expect(error.json.message).toBe('The input is not valid JSON or superjson');
      expect(error.json.data).toMatchObject({ code: 'INVALID', issues: [] });
    }
    const query = await c.get(`/trpc/pharmacies.list?input=${encodeURIComponent('{"json":')}`);
    expect(query.status).toBe(400);
    expect(query.body.error.json.message).toBe('The input is not valid JSON or superjson');

    // REST takes plain JSON: the depth is a wrong type for the field, or a body it will not read.
    const rest = await c.request(
      'POST',
      '/api/pharmacies',
      `{"name":${deep(100_000)},"email":"deep@example.com"}`,
    );
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ code: 'INVALID', message: 'name: Name is required' });
    const poisoned = await c.request(
      'POST',
      '/api/pharmacies',
      `{"name":${deep(100_000)},"__proto__":{}}`,
    );
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.message).toBe(
      "Body is not valid JSON but content-type is set to 'application/json'",
    );
    expect(await pharmacyCount()).toBe(before);
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('gives tRPC clients the code and the field messages', async () => {
    const res = await c.post('/trpc/pharmacies.create', { json: { name: '', email: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe(
      'name: Name is required; email: Please enter a valid email',
    );
    expect(res.body.error.json.data).toMatchObject({
      code: 'INVALID',
      issues: [
        { path: ['name'], message: 'Name is required' },
        { path: ['email'], message: 'Please enter a valid email' },
      ],
    });
  });
});
