/**
 * The floor of bench/http.ts: a bare Fastify that does the data work of the app's answer and
 * nothing else. It reads the session of the cookie's sid (the app's SessionStore, the same
 * batched statement), runs the list's service function on the app's database (Kysely, pg, the
 * credit hold), and sends what that returns, which must be the very bytes the app sends. It
 * skips what the app adds around that work: the cookie's signature check, the security hooks,
 * the REST table, tRPC and its input schemas, and the request log. So the app against the floor
 * is what that plumbing costs, and the floor against the bare Fastify what the data costs.
 *
 *     node --import tsx floor-server.ts <DATABASE_URL>
 */
import { createDb } from '@pharm/db';
import { listOrders, listPharmacies, SessionStore } from '@pharm/api';
import { orderListQuery, pharmacyListQuery } from '@pharm/validators';
import Fastify, { type FastifyRequest } from 'fastify';

const { db } = await createDb({ url: process.argv[2]!, migrate: false });
const sessions = new SessionStore(db);

/** The session's user; the cookie is 'sid=<sid>.<signature>' and the signature is not checked. */
async function user(req: FastifyRequest) {
  const signed = decodeURIComponent(/(?:^|;\s*)sid=([^;]+)/.exec(req.headers.cookie ?? '')![1]!);
  const session = await sessions.load(signed.slice(0, signed.lastIndexOf('.')));
  if (!session) throw new Error('the bench user has no session');
  return session.user;
}

const app = Fastify();
app.get('/api/user', (req) => user(req));
app.get('/api/pharmacies', async (req) => {
  await user(req);
  return (await listPharmacies(db, pharmacyListQuery.parse({}))).items;
});
app.get('/api/orders', async (req) => {
  await user(req);
  return (await listOrders(db, orderListQuery.parse({}))).items;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
