import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../context.js';
import { sendError } from './errors.js';
import { createCaller } from '../../root.js';
import { csvStream, type CsvDownload } from '../csv/csv.js';
import {
  exportAging,
  exportInvoices,
  exportOrders,
  exportOutstanding,
  exportPayments,
  exportPharmacies,
  exportProducts,
  exportRecall,
} from '../csv/lists.js';
import {
  downloadInvoicePdf,
  downloadOrderPdf,
  downloadRecallPdf,
  downloadStatementPdf,
} from '../pdf/downloads.js';
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

/** A rendered document (or a file streamed from disk) sent as an attachment. */
interface FileDownload {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
}

interface DownloadRoute {
  url: string;
  /**
   * Loads the record through its procedure (so the same session check applies) and renders it
   * on the server's worker threads.
   */
  call: (caller: Caller, req: RestRequest, heavyWork: HeavyWork) => Promise<FileDownload>;
  /**
   * Shown in the browser rather than saved: the web opens the invoice in a new tab (spec §2);
   * the file name still names what "Save" writes.
   */
  inline?: boolean;
}

interface ExportRoute {
  url: string;
  /** Checks the filters and reads the first page (through the list's procedure); the rest streams. */
  call: (caller: Caller, req: RestRequest) => Promise<CsvDownload>;
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
    call: (c, r) => c.pharmacies.statement({ id: id(r), from: r.query.from, to: r.query.to }),
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

/** GET paths that answer a file (PDF documents are binary, so they are not tRPC procedures). */
export const downloadRoutes: DownloadRoute[] = [
  { url: '/api/orders/:id/download', call: (c, r, w) => downloadOrderPdf(c, w, id(r)) },
  {
    url: '/api/invoices/:id/download',
    call: (c, r, w) => downloadInvoicePdf(c, w, id(r)),
    inline: true,
  },
  { url: '/api/recall.pdf', call: (c, r, w) => downloadRecallPdf(c, w, r.query.lot) },
  {
    url: '/api/pharmacies/:id/statement.pdf',
    call: (c, r, w) => downloadStatementPdf(c, w, id(r), r.query.from, r.query.to),
    inline: true,
  },
  {
    url: '/api/backups/:name',
    call: async (c, r) => {
      const { name, path } = await c.backups.file({ name: r.params.name ?? '' });
      return { filename: name, contentType: 'application/gzip', body: createReadStream(path) };
    },
  },
];

/** GET paths that answer a CSV file streamed from the list's pages, with the list's filters. */
export const exportRoutes: ExportRoute[] = [
  {
    url: '/api/pharmacies.csv',
    call: (c, r) => exportPharmacies(c, { q: r.query.q, hold: flag(r.query.hold) }),
  },
  {
    url: '/api/products.csv',
    call: (c, r) => exportProducts(c, { q: r.query.q, category: r.query.category }),
  },
  {
    url: '/api/orders.csv',
    call: (c, r) => exportOrders(c, { q: r.query.q, status: r.query.status }),
  },
  {
    url: '/api/invoices.csv',
    call: (c, r) =>
      exportInvoices(c, { q: r.query.q, tab: r.query.tab, payable: flag(r.query.payable) }),
  },
  {
    url: '/api/payments.csv',
    call: (c, r) => exportPayments(c, { q: r.query.q, invoiceId: num(r.query.invoiceId) }),
  },
  { url: '/api/reports/aging.csv', call: (c) => exportAging(c) },
  { url: '/api/reports/outstanding.csv', call: (c) => exportOutstanding(c) },
  { url: '/api/recall.csv', call: (c, r) => exportRecall(c, r.query.lot) },
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

  for (const route of downloadRoutes) {
    app.get(
      route.url,
      handle(route.call, (reply, file) =>
        reply
          .status(200)
          .header('Content-Type', file.contentType)
          .header(
            'Content-Disposition',
            `${route.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(file.body),
      ),
    );
  }

  for (const route of exportRoutes) {
    app.get(
      route.url,
      handle(route.call, (reply, file) =>
        reply
          .status(200)
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .header('Cache-Control', 'private, no-store')
          .send(csvStream(file)),
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
