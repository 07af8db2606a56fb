import type { Page } from '@pharm/validators';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Context } from '../../context.js';
import { modules } from '../../modules/index.js';
import { createCaller } from '../../root.js';
import { authorize } from '../authorize.js';
import { DomainError } from '../domain-error.js';
import { sendError } from './errors.js';
import { FILE_TYPES, type FileRoute } from './files.js';
import { openApiDocument } from './openapi.js';
import { inputSchema, restInput, restProcedures, type RestMeta } from './rest-meta.js';

type Schema = z.core.$ZodType;

/** A path parameter, query value or header as the procedure's schema should see it. */
type Coerce = (value: unknown) => unknown;

/** Numbers: only digits count, so '1e3' or '1.5' reach the schema as NaN, refused like 'abc'. */
const toNumber: Coerce = (value) =>
  value === undefined
    ? undefined
    : typeof value === 'string' && /^\d{1,10}$/.test(value)
      ? Number(value)
      : Number.NaN;

/** Booleans: 'true' and 'false', anything else as it came, for the schema to refuse. */
const toBoolean: Coerce = (value) => (value === 'true' ? true : value === 'false' ? false : value);

const toBooleanOrOneZero: Coerce = (value) =>
  value === '1' ? true : value === '0' ? false : toBoolean(value);

const asIs: Coerce = (value) => value;

/** The schema under its optional, nullable, default and preprocessing wrappers. */
function unwrap(schema: Schema): Schema {
  if (
    schema instanceof z.core.$ZodOptional ||
    schema instanceof z.core.$ZodNullable ||
    schema instanceof z.core.$ZodDefault ||
    schema instanceof z.core.$ZodPrefault
  )
    return unwrap(schema._zod.def.innerType);
  if (schema instanceof z.core.$ZodPipe) {
    const { in: from, out } = schema._zod.def;
    return unwrap(from instanceof z.core.$ZodTransform ? out : from);
  }
  return schema;
}

/** How a text from the URL becomes what `field` expects. */
function coercion(field: Schema | undefined, oneOrZero: boolean): Coerce {
  const base = field && unwrap(field);
  if (base instanceof z.core.$ZodNumber) return toNumber;
  if (base instanceof z.core.$ZodBoolean) return oneOrZero ? toBooleanOrOneZero : toBoolean;
  return asIs;
}

/** The fields of an object input, however it is wrapped (`.prefault({})`, `.optional()`). */
function inputShape(input: Schema): Readonly<Record<string, Schema>> {
  const base = unwrap(input);
  return base instanceof z.core.$ZodObject ? base._zod.def.shape : {};
}

/**
 * Builds a request's input for the procedure (restInput says which field comes from where),
 * each path and query value coerced to what its field expects. Everything is worked out once
 * here; a request only copies its values.
 */
function inputBuilder(rest: RestMeta, input: Schema | undefined): (req: FastifyRequest) => unknown {
  if (!input) return () => undefined;
  const shape = inputShape(input);
  const { path, query, headers, body } = restInput(rest, Object.keys(shape));
  const field = (name: string) => ({
    name,
    coerce: coercion(shape[name], rest.oneOrZero?.includes(name) ?? false),
  });
  const pathFields = path.map(field);
  const queryFields = query.map(field);

  return (req) => {
    let value: unknown = req.body ?? {};
    if (body !== 'input') {
      const fields: Record<string, unknown> = {};
      const params = req.params as Record<string, string>;
      const search = req.query as Record<string, unknown>;
      for (const { name, coerce } of pathFields) fields[name] = coerce(params[name]);
      for (const { name, coerce } of queryFields) fields[name] = coerce(search[name]);
      if (body === 'data') fields.data = value;
      value = fields;
    }
    for (const [header, name] of headers) {
      const sent = req.headers[header];
      if (typeof sent === 'string') value = { ...(value as object), [name]: sent };
    }
    return value;
  };
}

/**
 * A file route's input from its path parameters and query string, each coerced to what its
 * field expects, as a read procedure's (inputBuilder).
 */
function fileInputBuilder(route: FileRoute): (req: FastifyRequest) => Record<string, unknown> {
  const shape = route.input ? inputShape(route.input) : {};
  const fields = Object.keys(shape).map((name) => ({
    name,
    inPath: route.path.includes(`:${name}`),
    coerce: coercion(shape[name], false),
  }));
  return (req) => {
    const params = req.params as Record<string, string>;
    const search = req.query as Record<string, unknown>;
    return Object.fromEntries(
      fields.map(({ name, inPath, coerce }) => [
        name,
        coerce(inPath ? params[name] : search[name]),
      ]),
    );
  };
}

/** '/api/orders/{id}' in Fastify's form, '/api/orders/:id'. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function registerRestRoutes(
  app: FastifyInstance,
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>,
): void {
  // Each procedure with a REST path, called as tRPC's caller would (same middlewares, schemas and
  // errors); failures answer `{ message, code, issues }` with their status.
  for (const { path, procedure, rest } of restProcedures(modules)) {
    const buildInput = inputBuilder(rest, inputSchema(procedure));
    const type = procedure._def.type;
    app.route({
      method: rest.method,
      url: fastifyPath(rest.path),
      handler: async (req, reply) => {
        try {
          const input = buildInput(req);
          const ctx = await createContext(req, reply);
          const result: unknown = await procedure({
            ctx,
            path,
            type,
            getRawInput: async () => input,
            signal: undefined,
            batchIndex: 0,
          });
          if (rest.paged) {
            const { items, nextCursor } = result as Page<unknown>;
            if (nextCursor !== null) reply.header('X-Next-Cursor', String(nextCursor));
            return reply.status(200).send(items);
          }
          return reply.status(rest.status ?? 200).send(result);
        } catch (cause) {
          return sendError(req, reply, cause);
        }
      },
    });
  }

  const fileHandler = (route: FileRoute) => {
    const buildInput = fileInputBuilder(route);
    return async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const ctx = await createContext(req, reply);
        if (!ctx.user) throw new DomainError('UNAUTHORIZED', 'Not signed in');
        authorize(ctx.user.role, route.permission);
        const file = await route.send(createCaller(ctx), buildInput(req), ctx.heavyWork);
        return reply
          .status(200)
          .header('Content-Type', FILE_TYPES[route.type])
          .header(
            'Content-Disposition',
            `${route.inline ? 'inline' : 'attachment'}; filename="${file.filename}"`,
          )
          .header('Cache-Control', 'private, no-store')
          .send(file.body);
      } catch (cause) {
        return sendError(req, reply, cause);
      }
    };
  };
  for (const route of modules.flatMap((module) => module.files ?? [])) {
    app.get(route.path, fileHandler(route));
  }

  // The API document describes the paths, not data: public, like the spec it follows. Built once.
  const document = JSON.stringify(openApiDocument(modules));
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.header('Content-Type', 'application/json; charset=utf-8').send(document),
  );

  // Any other /api path: 401 when signed out (nothing is revealed), 404 otherwise.
  app.all('/api/*', async (req, reply) => {
    const ctx = await createContext(req, reply);
    if (!ctx.user) return reply.status(401).send({ message: 'Not signed in' });
    return reply.status(404).send({ message: 'Not found' });
  });
}
