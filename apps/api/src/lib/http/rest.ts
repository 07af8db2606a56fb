import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../context.js';
import { modules } from '../../modules/index.js';
import { createCaller } from '../../root.js';
import { sendError } from './errors.js';
import { FILE_TYPES } from './files.js';
import type { HeavyWork } from '../workers/pool.js';

type Caller = ReturnType<typeof createCaller>;

interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** Request headers by lower-case name; one sent more than once is left out. */
  headers: Record<string, string | undefined>;
  /** The JSON body, unchecked: the procedure's input schema validates it. */
  body: never;
}

interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Status of a success; 200 unless said. */
  status?: 201;
  /** The answer is a page: its items are the body and its next cursor the X-Next-Cursor header. */
  paged?: true;
  call: (caller: Caller, req: RestRequest) => Promise<unknown>;
}

/** A path id: only digits count, so '1e3' or '1.5' are refused by the schema like 'abc'. */
const id = (req: RestRequest) =>
  /^\d{1,10}$/.test(req.params.id ?? '') ? Number(req.params.id) : Number.NaN;

/** Query-string numbers, for the schemas to check. */
const num = (value: string | undefined) =>
  value === undefined ? undefined : /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;

/** Query-string booleans: 'true' and 'false', anything else for the schema to refuse. */
const flag = (value: string | undefined) =>
  value === undefined ? undefined : value === 'true' ? true : value === 'false' ? false : value;

/** A filter switch that the web's links write as `?hold=1`; 'true' and 'false' work too. */
const flagOrOne = (value: string | undefined) =>
  value === '1' ? true : value === '0' ? false : flag(value);

/** ?cursor=&limit=&q= of every list. */
const page = (req: RestRequest) => ({
  cursor: num(req.query.cursor),
  limit: num(req.query.limit),
  q: req.query.q,
});

/**
 * The body with a header's value as one more field (the header wins), for the procedure's schema
 * to check; without the header, the body as it came.
 */
const withHeader = (req: RestRequest, header: string, field: string): never => {
  const value = req.headers[header];
  return value === undefined ? req.body : ({ ...(req.body as object), [field]: value } as never);
};

/**
 * The documented /api paths of spec section 7, each mapped onto its tRPC procedure.
 * No logic lives here: the procedures validate, authorise and do the work.
 */
export const restRoutes: RestRoute[] = [
  { method: 'POST', url: '/api/register', status: 201, call: (c, r) => c.auth.register(r.body) },
  { method: 'POST', url: '/api/login', call: (c, r) => c.auth.login(r.body) },
  { method: 'POST', url: '/api/logout', call: (c) => c.auth.logout() },
  { method: 'GET', url: '/api/user', call: (c) => c.auth.user() },

  {
    method: 'GET',
    url: '/api/pharmacies',
    paged: true,
    call: (c, r) => c.pharmacies.list({ ...page(r), hold: flagOrOne(r.query.hold) as never }),
  },
  {
    method: 'GET',
    url: '/api/pharmacies/:id/statement',
    call: (c, r) => c.statements.get({ id: id(r), from: r.query.from, to: r.query.to }),
  },
  { method: 'GET', url: '/api/pharmacies/:id', call: (c, r) => c.pharmacies.get({ id: id(r) }) },
  {
    method: 'POST',
    url: '/api/pharmacies',
    status: 201,
    call: (c, r) => c.pharmacies.create(r.body),
  },
  {
    method: 'PUT',
    url: '/api/pharmacies/:id',
    call: (c, r) => c.pharmacies.update({ id: id(r), data: r.body }),
  },
  {
    method: 'DELETE',
    url: '/api/pharmacies/:id',
    call: (c, r) => c.pharmacies.delete({ id: id(r) }),
  },

  {
    method: 'GET',
    url: '/api/products',
    paged: true,
    call: (c, r) => c.products.list({ ...page(r), category: r.query.category as never }),
  },
  { method: 'GET', url: '/api/products/:id', call: (c, r) => c.products.get({ id: id(r) }) },
  { method: 'POST', url: '/api/products', status: 201, call: (c, r) => c.products.create(r.body) },
  {
    method: 'PUT',
    url: '/api/products/:id',
    call: (c, r) => c.products.update({ id: id(r), data: r.body }),
  },
  { method: 'DELETE', url: '/api/products/:id', call: (c, r) => c.products.delete({ id: id(r) }) },
  {
    method: 'POST',
    url: '/api/product-variants',
    status: 201,
    call: (c, r) => c.products.createVariant(r.body),
  },
  {
    method: 'DELETE',
    url: '/api/product-variants/:id',
    call: (c, r) => c.products.deleteVariant({ id: id(r) }),
  },
  {
    method: 'POST',
    url: '/api/import/:provider',
    call: (c, r) => c.products.importCatalog({ provider: r.params.provider }),
  },

  {
    method: 'GET',
    url: '/api/orders',
    paged: true,
    call: (c, r) => c.orders.list({ ...page(r), status: r.query.status as never }),
  },
  { method: 'GET', url: '/api/orders/:id', call: (c, r) => c.orders.get({ id: id(r) }) },
  { method: 'POST', url: '/api/orders', status: 201, call: (c, r) => c.orders.create(r.body) },
  {
    method: 'PUT',
    url: '/api/orders/:id',
    call: (c, r) => c.orders.update({ id: id(r), data: r.body }),
  },
  { method: 'DELETE', url: '/api/orders/:id', call: (c, r) => c.orders.delete({ id: id(r) }) },

  {
    method: 'GET',
    url: '/api/invoices',
    paged: true,
    call: (c, r) =>
      c.invoices.list({
        ...page(r),
        tab: r.query.tab as never,
        payable: flag(r.query.payable) as never,
      }),
  },
  { method: 'GET', url: '/api/invoices/:id', call: (c, r) => c.invoices.get({ id: id(r) }) },
  { method: 'POST', url: '/api/invoices', status: 201, call: (c, r) => c.invoices.create(r.body) },
  {
    method: 'PUT',
    url: '/api/invoices/:id',
    call: (c, r) => c.invoices.update({ id: id(r), data: r.body }),
  },
  { method: 'DELETE', url: '/api/invoices/:id', call: (c, r) => c.invoices.delete({ id: id(r) }) },

  {
    method: 'GET',
    url: '/api/payments',
    paged: true,
    call: (c, r) => c.payments.list({ ...page(r), invoiceId: num(r.query.invoiceId) }),
  },
  { method: 'GET', url: '/api/payments/:id', call: (c, r) => c.payments.get({ id: id(r) }) },
  {
    method: 'POST',
    url: '/api/payments',
    status: 201,
    call: (c, r) => c.payments.create(withHeader(r, 'idempotency-key', 'idempotencyKey')),
  },
  {
    method: 'PUT',
    url: '/api/payments/:id',
    call: (c, r) => c.payments.update({ id: id(r), data: r.body }),
  },
  { method: 'DELETE', url: '/api/payments/:id', call: (c, r) => c.payments.delete({ id: id(r) }) },
  { method: 'GET', url: '/api/dashboard', call: (c) => c.dashboard.summary() },
  { method: 'GET', url: '/api/reports', call: (c) => c.reports.get() },
  { method: 'GET', url: '/api/settings', call: (c) => c.settings.get() },
  { method: 'PUT', url: '/api/settings', call: (c, r) => c.settings.update(r.body) },
  { method: 'GET', url: '/api/search', call: (c, r) => c.search.find({ q: r.query.q as string }) },
  {
    method: 'GET',
    url: '/api/activity',
    paged: true,
    call: (c, r) =>
      c.activity.list({
        cursor: num(r.query.cursor),
        limit: num(r.query.limit),
        entityType: r.query.entityType as never,
        entityId: num(r.query.entityId),
        userId: r.query.userId,
      }),
  },
  {
    method: 'GET',
    url: '/api/recall',
    call: (c, r) => c.recall.find({ lot: r.query.lot as never }),
  },
];

export function registerRestRoutes(
  app: FastifyInstance,
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>,
): void {
  /** Runs a call with the request's caller; failures answer `{ message, issues }` with their status. */
  const handle =
    <T>(
      call: (caller: Caller, req: RestRequest, heavyWork: HeavyWork) => Promise<T>,
      send: (reply: FastifyReply, result: T) => FastifyReply,
    ) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const ctx = await createContext(req, reply);
        const result = await call(
          createCaller(ctx),
          {
            params: req.params as Record<string, string>,
            query: req.query as Record<string, string | undefined>,
            headers: Object.fromEntries(
              Object.entries(req.headers).filter(
                (entry): entry is [string, string] => typeof entry[1] === 'string',
              ),
            ),
            body: (req.body ?? {}) as never,
          },
          ctx.heavyWork,
        );
        return send(reply, result);
      } catch (cause) {
        return sendError(req, reply, cause);
      }
    };

  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: handle(route.call, (reply, result) => {
        if (route.paged) {
          const { items, nextCursor } = result as { items: unknown[]; nextCursor: number | null };
          if (nextCursor !== null) reply.header('X-Next-Cursor', String(nextCursor));
          return reply.status(200).send(items);
        }
        return reply.status(route.status ?? 200).send(result);
      }),
    });
  }

  for (const route of modules.flatMap((module) => module.files ?? [])) {
    app.get(
      route.path,
      handle(route.send, (reply, file) =>
        reply
          .status(200)
          .header('Content-Type', FILE_TYPES[route.type])
          .header(
            'Content-Disposition',
            `${route.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(file.body),
      ),
    );
  }

  // Any other /api path: 401 when signed out (nothing is revealed), 404 otherwise.
  app.all('/api/*', async (req, reply) => {
    const ctx = await createContext(req, reply);
    if (!ctx.user) return reply.status(401).send({ message: 'Not signed in' });
    return reply.status(404).send({ message: 'Not found' });
  });
}
