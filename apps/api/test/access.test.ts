/**
 * Issue 26: invitations, deactivation, the last admin, first-user registration and API tokens,
 * through the HTTP API as an administrator, an invitee and an integration would use them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation } from '../src/modules/invitations/service.js';
import { createServer } from '../src/server.js';
import {
  bearer,
  raceTest,
  signedInAs,
  startTestApp,
  tokenOf,
  testConfig,
  type Client,
  type TestApp,
} from './helpers.js';

const pharmacy = { name: 'Riverside Pharmacy', email: 'orders@riverside.example' };

/** The token inside an invitation's link (`…/invitation#token=…`). */
const linkToken = (url: string) => new URL(url).hash.replace('#token=', '');

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.signedIn();
});
afterAll(() => t.close());

describe('invitations', () => {
  it('gives a one-time link whose token lives in the fragment and is stored only as a hash', async () => {
    const res = await admin.post('/api/invitations', { email: 'sam@example.com', role: 'sales' });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'expiresAt', 'id', 'role', 'url']);
    const url = new URL(res.body.url);
    expect(url.pathname).toBe('/invitation');
    expect(url.search).toBe('');
    const token = linkToken(res.body.url);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const listed = await admin.get('/api/invitations');
    expect(listed.text).not.toContain(token);
    expect(listed.body.find((i: { id: number }) => i.id === res.body.id)).not.toHaveProperty('url');
    const stored = await t.db.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const sam = t.client();
    const accepted = await sam.post('/api/invitations/accept', {
      token,
      password: 'secret12',
      firstName: 'Sam',
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({
      email: 'sam@example.com',
      role: 'sales',
      firstName: 'Sam',
    });
    expect((await sam.get('/api/user')).body.role).toBe('sales');

    // Used once: the same link again is refused, and no second account is made.
    const again = await t.client().post('/api/invitations/accept', { token, password: 'secret12' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/not valid/);
    const sams = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'sam@example.com')
      .execute();
    expect(sams).toHaveLength(1);
    expect((await admin.delete(`/api/invitations/${res.body.id}`)).status).toBe(409);
  });

  it('refuses a revoked link and an expired one', async () => {
    const revoked = await admin.post('/api/invitations', {
      email: 'rev@example.com',
      role: 'viewer',
    });
    expect((await admin.delete(`/api/invitations/${revoked.body.id}`)).status).toBe(200);
    const tryRevoked = await t.client().post('/api/invitations/accept', {
      token: linkToken(revoked.body.url),
      password: 'secret12',
    });
    expect(tryRevoked.status).toBe(400);

    const expired = await admin.post('/api/invitations', {
      email: 'old@example.com',
      role: 'viewer',
    });
    await t.db
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expired.body.id)
      .execute();
    const tryExpired = await t.client().post('/api/invitations/accept', {
      token: linkToken(expired.body.url),
      password: 'secret12',
    });
    expect(tryExpired.status).toBe(400);
    const made = await t.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', ['rev@example.com', 'old@example.com'])
      .execute();
    expect(made).toEqual([]);
  });

  it('never grants a role above the inviter’s, and only admins invite', async () => {
    const accountant = await signedInAs(t, admin, 'accountant');
    const refused = await accountant.post('/api/invitations', {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    // The service's own rule, for an inviter below admin (none can reach it over HTTP today).
    const me = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', accountant.email)
      .executeTakeFirstOrThrow();
    await expect(
      createInvitation(
        t.db,
        { email: 'y@example.com', role: 'admin' },
        { id: me.id, role: 'accountant' },
        'http://localhost',
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (
        await t.db
          .selectFrom('invitations')
          .select('id')
          .where('email', '=', 'y@example.com')
          .execute()
      ).length,
    ).toBe(0);
  });

  it('records who sent, who accepted and who revoked, for admins only', async () => {
    const viewer = await signedInAs(t, admin, 'viewer');
    const log = await admin.get('/api/activity?entityType=invitation&limit=100');
    expect(log.status).toBe(200);
    const actions = log.body.map((e: { action: string }) => e.action);
    expect(actions).toContain('create');
    expect(actions).toContain('update');
    expect(log.body.every((e: { user: unknown }) => e.user !== null)).toBe(true);
    const seen = await viewer.get('/api/activity?limit=100');
    expect(seen.body.filter((e: { entityType: string }) => e.entityType === 'invitation')).toEqual(
      [],
    );
  });
});

describe('deactivation', () => {
  it('ends the user’s sessions and tokens at once; they cannot sign in until reactivated', async () => {
    const sales = await signedInAs(t, admin, 'sales');
    const { token } = await tokenOf(sales);
    expect((await t.client().get('/api/pharmacies', bearer(token))).status).toBe(200);
    const users = await admin.get('/api/users');
    const row = users.body.find((u: { email: string }) => u.email === sales.email);
    expect(row).toMatchObject({ role: 'sales', active: true });
    expect(row.lastSignInAt).not.toBeNull();

    const off = await admin.put(`/api/users/${row.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect((await sales.get('/api/user')).status).toBe(401);
    expect((await t.client().get('/api/pharmacies', bearer(token))).status).toBe(401);
    const login = await t.client().post('/api/login', { email: sales.email, password: 'secret12' });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('Invalid email or password');

    expect((await admin.put(`/api/users/${row.id}`, { active: true })).status).toBe(200);
    const back = await t.client().post('/api/login', { email: sales.email, password: 'secret12' });
    expect(back.status).toBe(200);
    // The tokens stay revoked: reactivation gives back the account, not its old credentials.
    expect((await t.client().get('/api/pharmacies', bearer(token))).status).toBe(401);

    const log = await admin.get('/api/activity?entityType=user&limit=100');
    const changes = log.body
      .filter((e: { label: string }) => e.label === sales.email)
      .flatMap((e: { changes: { field: string; to: unknown }[] }) => e.changes);
    expect(changes).toContainEqual({ field: 'active', from: true, to: false });
    expect(changes).toContainEqual({ field: 'active', from: false, to: true });
  });
});

describe('the last active admin', () => {
  it('cannot be demoted or deactivated (409); another admin can be', async () => {
    const solo = await startTestApp();
    try {
      const only = await solo.signedIn();
      const me = (await only.get('/api/user')).body;
      const demote = await only.put(`/api/users/${me.id}`, { role: 'sales' });
      expect(demote.status).toBe(409);
      expect(demote.body.message).toBe('The last active admin cannot be demoted or deactivated');
      expect((await only.put(`/api/users/${me.id}`, { active: false })).status).toBe(409);
      const second = await signedInAs(solo, only, 'admin');
      const secondId = (await second.get('/api/user')).body.id;
      expect((await only.put(`/api/users/${secondId}`, { role: 'viewer' })).status).toBe(200);
      expect((await only.put(`/api/users/${me.id}`, { role: 'viewer' })).status).toBe(409);
    } finally {
      await solo.close();
    }
  });

  it(
    raceTest('stays when two admins demote each other at the same moment, 10 runs in a row'),
    async () => {
      const race = await startTestApp();
      try {
        const a = await race.signedIn();
        const b = await signedInAs(race, a, 'admin');
        const ids = [(await a.get('/api/user')).body.id, (await b.get('/api/user')).body.id];
        for (let run = 0; run < 10; run++) {
          const answers = await Promise.all([
            a.put(`/api/users/${ids[1]}`, { role: 'sales' }),
            b.put(`/api/users/${ids[0]}`, { role: 'sales' }),
          ]);
          const statuses = answers.map((r) => r.status).sort();
          expect(statuses, `run ${run}`).toEqual([200, 409]);
          const admins = await race.db
            .selectFrom('users')
            .select('id')
            .where('role', '=', 'admin')
            .where('active', '=', true)
            .execute();
          expect(admins, `run ${run}`).toHaveLength(1);
          // Promote the demoted one back, directly, for the next run.
          await race.db
            .updateTable('users')
            .set({ role: 'admin' })
            .where('id', 'in', ids)
            .execute();
        }
      } finally {
        await race.close();
      }
    },
    60_000,
  );
});

describe('REGISTRATION=first-user', () => {
  it('lets the first user of an empty database register, as admin, then only invitations', async () => {
    const fresh = await startTestApp({
      registration: { mode: 'first-user' },
      defaultRole: 'viewer',
    });
    try {
      const first = await fresh.client().post('/api/register', {
        email: 'owner@example.com',
        password: 'secret12',
      });
      expect(first.status).toBe(201);
      expect(first.body.role).toBe('admin');
      const second = await fresh.client().post('/api/register', {
        email: 'late@example.com',
        password: 'secret12',
      });
      expect(second.status).toBe(403);
      expect(second.body.message).toMatch(/by invitation only/);
      const count = await fresh.db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('refuses registration on a database that already has users', async () => {
    const existing = await startTestApp();
    try {
      await existing.signedIn();
      // The same database, now served under first-user.
      const server = await createServer({
        dbHandle: existing.handle,
        config: testConfig({ registration: { mode: 'first-user' } }),
      });
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: 'new@example.com', password: 'secret12' },
      });
      expect(res.statusCode).toBe(403);
      await server.app.close();
    } finally {
      await existing.close();
    }
  });

  it('gives DEFAULT_ROLE to self-registered users under REGISTRATION=open', async () => {
    const open = await startTestApp({ defaultRole: 'sales' });
    try {
      const res = await open.client().post('/api/register', {
        email: 'rep@example.com',
        password: 'secret12',
      });
      expect(res.body.role).toBe('sales');
    } finally {
      await open.close();
    }
  });
});

describe('API tokens', () => {
  it('are shown once, stored hashed, listed without the token, and update their last use', async () => {
    const created = await admin.post('/api/tokens', { name: 'Shop' });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^pst_[A-Za-z0-9_-]{43}$/);
    expect(created.body.role).toBe('admin');
    const listed = await admin.get('/api/tokens');
    expect(listed.text).not.toContain(created.body.token);
    const stored = await t.db.selectFrom('apiTokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(created.body.token);
    expect((await t.client().get('/api/user', bearer(created.body.token))).status).toBe(200);
    const row = (await admin.get('/api/tokens')).body.find(
      (k: { id: number }) => k.id === created.body.id,
    );
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses a role above the owner’s, and acts with the lower of the token’s and the owner’s', async () => {
    const sales = await signedInAs(t, admin, 'sales');
    const higher = await sales.post('/api/tokens', { name: 'Too much', role: 'admin' });
    expect(higher.status).toBe(403);
    expect(higher.body.code).toBe('FORBIDDEN');

    const viewerToken = await tokenOf(admin, { role: 'viewer' });
    const write = await t.client().post('/api/pharmacies', pharmacy, bearer(viewerToken.token));
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('A viewer user may not create or edit pharmacies');

    const salesToken = await tokenOf(sales);
    expect(
      (await t.client().post('/api/pharmacies', pharmacy, bearer(salesToken.token))).status,
    ).toBe(201);
    const id = (await sales.get('/api/user')).body.id;
    expect((await admin.put(`/api/users/${id}`, { role: 'viewer' })).status).toBe(200);
    const after = await t.client().post('/api/pharmacies', pharmacy, bearer(salesToken.token));
    expect(after.status).toBe(403);
    expect((await t.client().get('/api/user', bearer(salesToken.token))).body.role).toBe('viewer');
  });

  it('answers a revoked and an expired token 401', async () => {
    const revoked = await tokenOf(admin);
    expect((await admin.delete(`/api/tokens/${revoked.id}`)).status).toBe(200);
    expect((await t.client().get('/api/user', bearer(revoked.token))).status).toBe(401);

    const expiring = await tokenOf(admin, {
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.db
      .updateTable('apiTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();
    expect((await t.client().get('/api/user', bearer(expiring.token))).status).toBe(401);
  });

  it('another user’s token is not found for a non-admin, and revocable by an admin', async () => {
    const sales = await signedInAs(t, admin, 'sales');
    const theirs = await tokenOf(sales);
    const other = await signedInAs(t, admin, 'sales');
    expect((await other.delete(`/api/tokens/${theirs.id}`)).status).toBe(404);
    expect((await other.get('/api/tokens')).body).toEqual([]);
    expect((await admin.delete(`/api/tokens/${theirs.id}`)).status).toBe(200);
  });

  it('are taken on /api only, never beside the session cookie', async () => {
    const { token } = await tokenOf(admin);
    const both = await admin.get('/api/user', bearer(token));
    expect(both.status).toBe(400);
    const trpc = await t.client().get('/trpc/auth.user', bearer(token));
    expect(trpc.status).toBe(400);
  });

  it('skip the cross-site check only without a Cookie header', async () => {
    const { token } = await tokenOf(admin);
    const elsewhere = { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site' };
    const alone = await t.client().post('/api/pharmacies', pharmacy, {
      ...bearer(token),
      ...elsewhere,
    });
    expect(alone.status).toBe(201);
    const withCookie = await t.client().post('/api/pharmacies', pharmacy, {
      ...bearer(token),
      ...elsewhere,
      cookie: 'other=1',
    });
    expect(withCookie.status).toBe(403);
  });

  it('rate limits failed tokens per address', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await c.get('/api/user', bearer(`pst_wrong${i}`))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another address is not held back by this one's failures.
    const { token } = await tokenOf(admin);
    expect((await t.client().get('/api/user', bearer(token))).status).toBe(200);
  });

  it('and their creation and revocation are in the activity log with who did it', async () => {
    const log = await admin.get('/api/activity?entityType=apiToken&limit=100');
    expect(log.body.length).toBeGreaterThan(0);
    expect(log.body.every((e: { user: unknown }) => e.user !== null)).toBe(true);
    expect(log.body.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['create', 'update']),
    );
  });
});

describe('refusals', () => {
  it('answer 403 FORBIDDEN naming the action', async () => {
    const viewer = await signedInAs(t, admin, 'viewer');
    const res = await viewer.post('/api/pharmacies', pharmacy);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'FORBIDDEN',
      message: 'A viewer user may not create or edit pharmacies',
    });
    const trpc = await viewer.post('/trpc/pharmacies.create', { json: pharmacy });
    expect(trpc.status).toBe(403);
    expect(trpc.body.error.json.data.code).toBe('FORBIDDEN');
  });
});
