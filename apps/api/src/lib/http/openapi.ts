import { acceptedSchemas, errorBody } from '@pharm/validators';
import type { AnyTRPCProcedure } from '@trpc/server';
import { z } from 'zod';
import { PRODUCT_VERSION } from '../../version.js';
import type { AppModule } from '../module.js';
import { RETRY_AFTER_SECONDS } from './errors.js';
import { FILE_TYPES, type FileRoute } from './files.js';
import { inputSchema, restInput, restProcedures, type RestProcedure } from './rest-meta.js';
import { SESSION_COOKIE } from './sessions.js';

type JsonSchema = z.core.JSONSchema.BaseSchema;
type Operation = Record<string, unknown>;

/** The failures an /api path can answer, each with the body of errors.ts's `sendError`. */
const ERRORS = {
  400: 'Bad input: `issues` names each refused field and why (malformed JSON too)',
  401: 'Not signed in (login: a wrong email or password)',
  403: 'Refused: the role may not do this (code FORBIDDEN, the message names the action), or a write from another site',
  404: 'No such record',
  409: "A value that must be unique is taken, or the record's state refuses the change",
  415: 'A body that is not JSON, refused',
  422: 'The Idempotency-Key was used before with another payment',
  429: 'Too many failed attempts from this address or on this email: try again later',
  502: 'The catalogue provider could not be read',
  503: 'The database or the server is busy or away: try again after Retry-After seconds',
} as const;
type ErrorStatus = keyof typeof ERRORS;

/**
 * A zod schema as JSON Schema. A body that picks one of several schemas (acceptedSchemas) is any
 * of them; what JSON Schema cannot say otherwise (a JSON value of any shape) is `{}`. No Date needs
 * mapping: timestamps are ISO strings from the database on (the validators' `timestamp`).
 */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema: json }) => {
      const accepted = acceptedSchemas(zodSchema);
      if (accepted) json.anyOf = accepted.map((each) => jsonSchema(each, io));
    },
  });
  return json;
}

/** What a page's `nextCursor` can be, without its null (the last page sends no header). */
function nextCursorSchema(output: JsonSchema | undefined): JsonSchema {
  const cursor = output?.properties?.nextCursor;
  const kinds = (typeof cursor === 'object' && cursor.anyOf) || [];
  const present = kinds.filter((kind) => typeof kind !== 'object' || kind.type !== 'null');
  return present.length === 1 && typeof present[0] === 'object'
    ? present[0]
    : present.length
      ? { anyOf: present }
      : { type: 'integer' };
}

const errorResponses = (statuses: ErrorStatus[]) =>
  Object.fromEntries(
    [...new Set(statuses)]
      .sort((a, b) => a - b)
      .map((status) => [status, { $ref: `#/components/responses/Error${status}` }]),
  );

/** Path and query parameters of an input's fields, described by its JSON Schema. */
function parameters(input: JsonSchema | undefined, path: string[], query: string[]) {
  const properties = input?.properties ?? {};
  const required = new Set(input?.required ?? []);
  return [
    ...path.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: properties[name] ?? { type: 'string' },
    })),
    ...query.map((name) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: properties[name],
    })),
  ];
}

/** The procedure's output schema: `.output(schema)`, or `.output(answers(schema))` (trpc.ts). */
function outputSchema(procedure: AnyTRPCProcedure): z.core.$ZodType | undefined {
  const { output } = procedure._def as { output?: z.core.$ZodType | { schema?: z.core.$ZodType } };
  return output instanceof z.core.$ZodType ? output : output?.schema;
}

function procedureOperation({ module, path, procedure, rest, signedIn }: RestProcedure): Operation {
  const schema = inputSchema(procedure);
  const input = schema && jsonSchema(schema, 'input');
  const properties = input?.properties ?? {};
  const fields = restInput(rest, Object.keys(properties));
  const headerFields = new Set(fields.headers.map(([, field]) => field));

  const body =
    fields.body === 'data'
      ? properties.data
      : input && fields.body === 'input'
        ? {
            ...input,
            properties: Object.fromEntries(
              Object.entries(properties).filter(([name]) => !headerFields.has(name)),
            ),
            required: input.required?.filter((name) => !headerFields.has(name)),
          }
        : undefined;

  const answer = outputSchema(procedure);
  const output = answer && jsonSchema(answer, 'output');
  const success = rest.paged
    ? {
        description: 'A page of the list, newest first unless it is given a `sort`',
        headers: {
          'X-Next-Cursor': {
            description:
              "The `cursor` of the next page (the last row's id; under a `sort`, an opaque text); absent on the last page",
            schema: nextCursorSchema(output),
          },
        },
        content: { 'application/json': { schema: output?.properties?.items ?? { type: 'array' } } },
      }
    : { description: rest.summary, content: { 'application/json': { schema: output ?? {} } } };

  const writes = rest.method !== 'GET';
  return {
    operationId: path,
    summary: rest.summary,
    tags: [module.name],
    ...(signedIn ? {} : { security: [] }),
    parameters: [
      ...parameters(input, fields.path, fields.query).map((parameter) =>
        rest.oneOrZero?.includes(parameter.name)
          ? { ...parameter, description: '`true` or `false`; `1` and `0` work too' }
          : parameter,
      ),
      ...Object.entries(rest.headers ?? {}).map(([name, field]) => ({
        name,
        in: 'header',
        required: false,
        schema: properties[field],
      })),
    ],
    ...(body
      ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
      : {}),
    responses: {
      [rest.status ?? 200]: success,
      ...errorResponses([
        400,
        ...(signedIn ? [401 as const, 403 as const] : []),
        ...(fields.path.length ? [404 as const] : []),
        ...(writes ? [403 as const, 409 as const, 415 as const] : []),
        ...(rest.errors ?? []),
        503,
      ]),
    },
  };
}

/** '/api/orders/:id/download' in OpenAPI's form, '/api/orders/{id}/download'. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function fileOperation(module: AppModule, route: FileRoute): Operation {
  const path = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  const input = route.input && jsonSchema(route.input, 'input');
  const query = Object.keys(input?.properties ?? {}).filter((name) => !path.includes(name));
  const mediaType = FILE_TYPES[route.type];
  return {
    // '/api/orders/:id/download' → 'downloadOrdersIdDownload'
    operationId: `download${route.path.slice('/api'.length).replace(/[/:.]+(\w)/g, (_, c: string) => c.toUpperCase())}`,
    summary: route.summary,
    tags: [module.name],
    parameters: parameters(input, path, query),
    responses: {
      200: {
        description: route.summary,
        headers: {
          'Content-Disposition': {
            description: `${route.inline ? 'inline' : 'attachment'}, with the file's name`,
            schema: { type: 'string' },
          },
        },
        content: { [mediaType]: route.type === 'csv' ? { schema: { type: 'string' } } : {} },
      },
      ...errorResponses([400, 401, ...(path.length ? [404 as const] : []), 503]),
    },
  };
}

/**
 * The OpenAPI 3.1 document of every /api path: the procedures with REST metadata and the
 * modules' file routes, tagged by module. Built once, when the server starts.
 */
export function openApiDocument(modules: readonly AppModule[]) {
  const paths: Record<string, Record<string, Operation>> = {};
  const add = (path: string, method: string, operation: Operation) => {
    paths[path] = { ...paths[path], [method]: operation };
  };
  for (const procedure of restProcedures(modules))
    add(procedure.rest.path, procedure.rest.method.toLowerCase(), procedureOperation(procedure));
  for (const module of modules)
    for (const route of module.files ?? [])
      add(openApiPath(route.path), 'get', fileOperation(module, route));
  add('/api/openapi.json', 'get', {
    operationId: 'openapi',
    summary: 'This document',
    security: [],
    responses: {
      200: {
        description: 'The OpenAPI 3.1 document of every /api path',
        content: { 'application/json': { schema: { type: 'object' } } },
      },
    },
  });

  const tagged = new Set(
    Object.values(paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => (operation.tags as string[]) ?? []),
    ),
  );
  return {
    openapi: '3.1.1',
    info: {
      title: 'PharmSupply API',
      version: PRODUCT_VERSION,
      description:
        'The REST paths of the back office. Bodies are JSON; money amounts are strings with two ' +
        'decimals; every path but login, register, accepting an invitation and this document ' +
        'needs the session cookie or an API token (`Authorization: Bearer pst_…`), not both.',
    },
    tags: modules
      .filter((module) => tagged.has(module.name))
      .map((module) => ({ name: module.name, description: module.description })),
    servers: [{ url: '/', description: 'The server this document came from' }],
    security: [{ session: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Set by POST /api/login and POST /api/register',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token from POST /api/tokens (`pst_…`); acts with the lower of its role and its owner’s',
        },
      },
      schemas: { Error: jsonSchema(errorBody, 'output') },
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([status, description]) => [
          `Error${status}`,
          {
            description,
            ...(status === '503'
              ? {
                  headers: {
                    'Retry-After': {
                      description: `Seconds to wait (${RETRY_AFTER_SECONDS})`,
                      schema: { type: 'integer' },
                    },
                  },
                }
              : {}),
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
