import type { AnyTRPCProcedure } from '@trpc/server';
import type { Permission } from '@pharm/validators/roles';
import { z } from 'zod';
import type { AppModule } from '../module.js';

/**
 * Where a procedure answers on the REST API: rest.ts registers the route from it and openapi.ts
 * describes it. The input is built from the path parameters, the query string (reads and
 * deletes), the JSON body (creates: the input; updates: its `data`, beside the path's id) and the
 * headers named here.
 */
export interface RestMeta {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** In OpenAPI's form: '/api/orders/{id}'. */
  path: `/api/${string}`;
  summary: string;
  /** Status of a success; 200 unless said (202: accepted, done later: an email queued). */
  status?: 201 | 202;
  /** The answer is a page: its items are the body and its next cursor the X-Next-Cursor header. */
  paged?: true;
  /** Request headers that fill input fields, by header name: `{ 'Idempotency-Key': 'idempotencyKey' }`. */
  headers?: Readonly<Record<string, string>>;
  /** Boolean query fields that also take '1' and '0' (the web's links write `?hold=1`). */
  oneOrZero?: readonly string[];
  /** A larger body than the server's BODY_LIMIT, for the one route that takes a file. */
  bodyLimit?: number;
  /** Failure statuses of this path beyond those every path of its kind can answer. */
  errors?: readonly (401 | 422 | 429 | 502)[];
}

/** The `meta` of every procedure (trpc.ts). */
export interface ProcedureMeta {
  rest?: RestMeta;
  /** What the caller's role must hold (packages/validators/src/roles.ts). */
  permission?: Permission;
  /** Set by `protectedProcedure`: the call needs a session. */
  signedIn?: true;
}

export interface RestProcedure {
  module: AppModule;
  /** Its tRPC path: 'orders.list'. */
  path: string;
  procedure: AnyTRPCProcedure;
  rest: RestMeta;
  signedIn: boolean;
}

/** The procedures with a REST path, module by module in the modules' order. */
export function restProcedures(modules: readonly AppModule[]): RestProcedure[] {
  return modules.flatMap((module) =>
    Object.entries(module.router._def.procedures as Record<string, AnyTRPCProcedure>).flatMap(
      ([name, procedure]) => {
        const meta = procedure._def.meta as ProcedureMeta | undefined;
        return meta?.rest
          ? [
              {
                module,
                path: `${module.name}.${name}`,
                procedure,
                rest: meta.rest,
                signedIn: meta.signedIn === true,
              },
            ]
          : [];
      },
    ),
  );
}

/** The procedure's input schema, if it takes one. */
export function inputSchema(procedure: AnyTRPCProcedure): z.core.$ZodType | undefined {
  const [input] = procedure._def.inputs;
  return input instanceof z.core.$ZodType ? input : undefined;
}

/** Where each field of a procedure's input comes from in a request. */
export interface RestInput {
  /** The path's parameters: '/api/pharmacies/{id}/statement' → ['id']. */
  path: string[];
  /** Fields read from the query string: the other fields of a read or a delete. */
  query: string[];
  /** [header name in lower case, field] */
  headers: [string, string][];
  /**
   * What the JSON body is: the input (creates), its `data` beside the path's id (updates), or
   * nothing (reads, deletes, and writes whose path names all they need: the catalogue import).
   */
  body: 'input' | 'data' | 'none';
}

export function restInput(rest: RestMeta, fields: readonly string[]): RestInput {
  const path = [...rest.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  const headers = Object.entries(rest.headers ?? {}).map(([header, field]): [string, string] => [
    header.toLowerCase(),
    field,
  ]);
  const taken = new Set([...path, ...headers.map(([, field]) => field)]);
  const readsQuery = rest.method === 'GET' || rest.method === 'DELETE';
  return {
    path,
    query: readsQuery ? fields.filter((field) => !taken.has(field)) : [],
    headers,
    body: readsQuery ? 'none' : fields.includes('data') ? 'data' : path.length ? 'none' : 'input',
  };
}
