import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABSOLUTE_TIMEOUT_MS, SessionStore } from '../src/lib/http/sessions.js';
import { deadlockCount, startTestApp, type Client, type TestApp } from './helpers.js';

let t: TestApp;

/** The session id inside a client's signed cookie (`sid=<id>.<signature>`). */
function sidOf(c: Client): string {
  return decodeURIComponent(c.cookie!.split('=')[1]!).split('.')[0]!;
}

async function userCount(): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The idle expiry stored for a session. */
async function expiryOf(sid: string): Promise<number> {
  const row = await t.db
    .selectFrom('session')
    .select('expire')
    .where('sid', '=', sid)
    .executeTakeFirstOrThrow();
  return Date.parse(row.expire);
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('register', () => {
  it('creates the user, signs them in with an HttpOnly cookie, never returns the hash, and /api/user answers the same user', async () => {
    const c = t.client();
    const res = await c.post('/api/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret12',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'id',
      'lastName',
      'role',
    ]);
    // REGISTRATION=open gives DEFAULT_ROLE, admin unless set.
    expect(res.body).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
    });
    expect(res.text).not.toMatch(/argon|password/i);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(res.body);
  });

  it('refuses a duplicate email with 409, whatever its case', async () => {
    await t.client().post('/api/register', { email: 'dup@example.com', password: 'secret12' });
    const res = await t
      .client()
      .post('/api/register', { email: 'DUP@example.com', password: 'secret12' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already exists/);
  });

  it("answers bad input with 400 and the spec's messages", async () => {
    const res = await t.client().post('/api/register', { email: 'not-an-email', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: ['email'], message: 'Please enter a valid email' },
      { path: ['password'], message: 'Password must be at least 6 characters' },
    ]);
    expect(res.body.message).toBe(
      'email: Please enter a valid email; password: Password must be at least 6 characters',
    );
  });

  it('stores the password hashed with argon2id', async () => {
    await t.client().post('/api/register', { email: 'hash@example.com', password: 'secret12' });
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('email', '=', 'hash@example.com')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('login and logout', () => {
  beforeAll(async () => {
    await t.client().post('/api/register', { email: 'login@example.com', password: 'secret12' });
  });

  it('signs in with the right password, case-insensitively on the email', async () => {
    const c = t.client();
    const res = await c.post('/api/login', { email: 'Login@Example.com', password: 'secret12' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('login@example.com');
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('gives the same 401 for an unknown email and a wrong password', async () => {
    const wrong = await t
      .client()
      .post('/api/login', { email: 'login@example.com', password: 'wrong-pass' });
    const unknown = await t
      .client()
      .post('/api/login', { email: 'nobody@example.com', password: 'wrong-pass' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Invalid email or password');
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await t.client().post('/api/login', { email, password: 'wrong-pass' });
      return performance.now() - start;
    };
    await time('nobody@example.com');
    const wrong: number[] = [];
    const unknown: number[] = [];
    // Interleaved, and compared by their medians, so that a burst of load elsewhere skews neither.
    for (let i = 0; i < 5; i++) {
      wrong.push(await time('login@example.com'));
      unknown.push(await time(`nobody${i}@example.com`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    // Both verify an argon2id hash; an unknown email that skipped it would answer in ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) / 3);
  });

  it('rotates the session id on login and destroys the old session', async () => {
    const c = t.client();
    await c.post('/api/login', { email: 'login@example.com', password: 'secret12' });
    const first = c.cookie;
    await c.post('/api/login', { email: 'login@example.com', password: 'secret12' });
    expect(c.cookie).toBeDefined();
    expect(c.cookie).not.toBe(first);
    const old = t.client();
    old.cookie = first;
    expect((await old.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('never signs in a session id planted in the browser before sign-in (fixation)', async () => {
    const attacker = t.client();
    await attacker.post('/api/register', { email: 'planter@example.com', password: 'secret12' });
    const victim = t.client();
    victim.cookie = attacker.cookie;
    await victim.post('/api/login', { email: 'login@example.com', password: 'secret12' });
    expect(victim.cookie).not.toBe(attacker.cookie);
    expect((await victim.get('/api/user')).body.email).toBe('login@example.com');
    // The planted session is gone rather than upgraded to the victim's account.
    expect((await attacker.get('/api/user')).status).toBe(401);
  });

  it('logout destroys the session row: the cookie no longer works', async () => {
    const c = t.client();
    await c.post('/api/login', { email: 'login@example.com', password: 'secret12' });
    const cookie = c.cookie;
    const before = await t.db.selectFrom('session').select('sid').execute();
    const out = await c.post('/api/logout');
    expect(out.status).toBe(200);
    const after = await t.db.selectFrom('session').select('sid').execute();
    expect(after.length).toBe(before.length - 1);
    const replay = t.client();
    replay.cookie = cookie;
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await replay.get('/api/pharmacies')).status).toBe(401);
  });

  it('the tRPC me query answers null when signed out', async () => {
    const res = await t.client().get('/trpc/auth.me');
    expect(res.status).toBe(200);
    expect(res.body.result.data.json).toBeNull();
  });
});

describe('session timeouts', () => {
  it('ends a session idle for more than 30 minutes', async () => {
    const c = await t.signedIn();
    const sid = sidOf(c);
    await t.db
      .updateTable('session')
      .set({ expire: new Date(Date.now() - 1000) })
      .where('sid', '=', sid)
      .execute();
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('rolls the idle expiry forward on each request', async () => {
    const c = await t.signedIn();
    const sid = sidOf(c);
    const soon = new Date(Date.now() + 60_000);
    await t.db.updateTable('session').set({ expire: soon }).where('sid', '=', sid).execute();
    await c.get('/api/user');
    expect(await expiryOf(sid)).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('writes nothing while the idle expiry has moved by less than a minute', async () => {
    const c = await t.signedIn();
    const sid = sidOf(c);
    const recent = new Date(Date.now() + 30 * 60_000 - 30_000);
    await t.db.updateTable('session').set({ expire: recent }).where('sid', '=', sid).execute();
    const res = await c.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await expiryOf(sid)).toBe(recent.getTime());
  });

  it('never rolls the idle expiry past 12 hours after sign-in', async () => {
    const c = await t.signedIn();
    const sid = sidOf(c);
    const signedInAt = new Date(Date.now() - ABSOLUTE_TIMEOUT_MS + 10 * 60_000);
    await t.db
      .updateTable('session')
      .set({ signedInAt, expire: new Date(Date.now() + 5 * 60_000) })
      .where('sid', '=', sid)
      .execute();
    await c.get('/api/user');
    expect(await expiryOf(sid)).toBe(signedInAt.getTime() + ABSOLUTE_TIMEOUT_MS);
  });

  it('ends a session 12 hours after sign-in however active it is', async () => {
    const c = await t.signedIn();
    const sid = sidOf(c);
    await t.db
      .updateTable('session')
      .set({ signedInAt: new Date(Date.now() - ABSOLUTE_TIMEOUT_MS - 1000) })
      .where('sid', '=', sid)
      .execute();
    expect((await c.get('/api/user')).status).toBe(401);
    expect(
      await t.db.selectFrom('session').select('sid').where('sid', '=', sid).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('prunes expired session rows', async () => {
    const c = await t.signedIn();
    const me = await c.get('/api/user');
    await t.db
      .insertInto('session')
      .values({ sid: 'stale', userId: me.body.id, expire: new Date(Date.now() - 60_000) })
      .execute();
    const pruned = await new SessionStore(t.db).prune();
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.selectFrom('session').select('sid').where('sid', '=', 'stale').executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('rate limits', () => {
  it('answers the 11th login try within a minute from one address with 429', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await c.post('/api/login', { email: `rl${i}@example.com`, password: 'wrong-pass' }))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('limits failures per address and email: the 11th wrong password from one address is 429', async () => {
    await t.client().post('/api/register', { email: 'target@example.com', password: 'secret12' });
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await c.post('/api/login', { email: 'target@example.com', password: 'wrong-pass' }))
          .status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
    // Refused before the password is looked at: the right one is 429 too, from that address.
    const right = await c.post('/api/login', { email: 'target@example.com', password: 'secret12' });
    expect(right.status).toBe(429);
  });

  it("never refuses an owner's correct password because a stranger failed on that email elsewhere", async () => {
    await t.client().post('/api/register', { email: 'victim@example.com', password: 'secret12' });
    const stranger = t.client();
    for (let i = 0; i < 12; i++) {
      await stranger.post('/api/login', { email: 'victim@example.com', password: 'wrong-pass' });
    }
    const last = await stranger.post('/api/login', {
      email: 'victim@example.com',
      password: 'wrong-pass',
    });
    expect(last.status).toBe(429);
    const owner = await t
      .client()
      .post('/api/login', { email: 'victim@example.com', password: 'secret12' });
    expect(owner.status).toBe(200);
  });

  it('does not count correct passwords: 15 sign-ins in a minute from one address all succeed', async () => {
    await t.client().post('/api/register', { email: 'busy@example.com', password: 'secret12' });
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      statuses.push(
        (await c.post('/api/login', { email: 'busy@example.com', password: 'secret12' })).status,
      );
    }
    expect(statuses).toEqual(Array<number>(15).fill(200));
  });

  it('gives a correct password its count back: after 9 failures it signs in, and the next failure is still 401', async () => {
    await t.client().post('/api/register', { email: 'careful@example.com', password: 'secret12' });
    const c = t.client();
    const login = (password: string) =>
      c.post('/api/login', { email: 'careful@example.com', password });
    for (let i = 0; i < 9; i++) expect((await login('wrong-pass')).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login('secret12')).status).toBe(200);
    expect((await login('wrong-pass')).status).toBe(401);
    expect((await login('wrong-pass')).status).toBe(429);
  });

  it('30 concurrent wrong passwords from one address get at most 10 password checks (401), the rest 429', async () => {
    await t.client().post('/api/register', { email: 'burst@example.com', password: 'secret12' });
    const deadlocks = await deadlockCount(t.db);
    const attacker = t.client();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const res = await attacker.post('/api/login', {
          email: 'burst@example.com',
          password: 'wrong-pass',
        });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(await deadlockCount(t.db)).toBe(deadlocks);
    // The owner, from another address, still signs in.
    const owner = await t
      .client()
      .post('/api/login', { email: 'burst@example.com', password: 'secret12' });
    expect(owner.status).toBe(200);
  });

  it("signs the owner in while a stranger's 30 concurrent wrong passwords hit the same email from elsewhere", async () => {
    await t.client().post('/api/register', { email: 'owner@example.com', password: 'secret12' });
    const stranger = t.client();
    const owner = t.client();
    const [ownerRes, ...strangerRes] = await Promise.all([
      owner.post('/api/login', { email: 'owner@example.com', password: 'secret12' }),
      ...Array.from({ length: 30 }, () =>
        stranger.post('/api/login', { email: 'owner@example.com', password: 'wrong-pass' }),
      ),
    ]);
    expect(ownerRes!.status).toBe(200);
    expect(strangerRes.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
  });

  it('3 concurrent tRPC batches of 10 auth.register from one address create at most 10 accounts', async () => {
    const before = await userCount();
    const c = t.client();
    const stamp = Date.now();
    const batch = (b: number) => {
      const input = Object.fromEntries(
        Array.from({ length: 10 }, (_, i) => [
          String(i),
          { json: { email: `batch${b}-${i}-${stamp}@example.com`, password: 'secret12' } },
        ]),
      );
      return c.post(
        `/trpc/${Array.from({ length: 10 }, () => 'auth.register').join(',')}?batch=1`,
        input,
      );
    };
    const answers = (await Promise.all([0, 1, 2].map(batch))).flatMap(
      (res) =>
        res.body as { result?: unknown; error?: { json: { data: { httpStatus: number } } } }[],
    );
    const created = (await userCount()) - before;
    expect(created).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.result !== undefined)).toHaveLength(created);
    expect(answers.filter((a) => a.error?.json.data.httpStatus === 429)).toHaveLength(30 - created);
  });

  it('limits registrations per address', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await c.post('/api/register', {
            email: `reg${i}-${Date.now()}@example.com`,
            password: 'secret12',
          })
        ).status,
      );
      c.cookie = undefined;
    }
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
