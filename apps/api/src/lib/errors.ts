import { TRPCError } from '@trpc/server';
import { flattenIssues, issuesMessage, type FieldIssue } from '@pharm/validators';
import { ZodError } from 'zod';

export function notFound(entity: string): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `${entity} not found` });
}

export function conflict(message: string): TRPCError {
  return new TRPCError({ code: 'CONFLICT', message });
}

export function badRequest(message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message });
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** SQLSTATE classes and node errors that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isUnavailable(error: PgError): boolean {
  if (error.code && (UNAVAILABLE_CODES.has(error.code) || error.code.startsWith('08'))) return true;
  const message = error.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/i.test(
    message,
  );
}

/**
 * Turns what the database or a library threw into the HTTP-facing error the client should see:
 * bad input never becomes a 500, an unreachable database is a 503.
 */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) {
    if (
      error.code === 'INTERNAL_SERVER_ERROR' &&
      error.cause &&
      !(error.cause instanceof TRPCError)
    ) {
      const mapped = toTRPCError(error.cause);
      if (mapped.code !== 'INTERNAL_SERVER_ERROR') return mapped;
    }
    return error;
  }
  if (error instanceof ZodError)
    return new TRPCError({ code: 'BAD_REQUEST', message: error.message, cause: error });
  const pg = (error ?? {}) as PgError;
  if (pg.code === '23505') {
    return conflict(
      pg.detail ? `Already exists: ${pg.detail}` : 'A record with this value already exists',
    );
  }
  if (pg.code === '23503')
    return conflict('The record refers to, or is referred to by, another record');
  if (pg.code === '23514' || pg.code?.startsWith('22')) {
    return badRequest(`Invalid value: ${pg.message ?? 'out of range'}`);
  }
  if (pg.code === '40001' || pg.code === '40P01') {
    return conflict('The record was changed at the same time by another request; please retry');
  }
  if (isUnavailable(pg)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable; please try again shortly',
      cause: error,
    });
  }
  return new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Internal server error',
    cause: error,
  });
}

/**
 * Field messages of a validation error, or none. Update inputs carry their fields under `data`
 * (`{ id, data }`); the path is given from the form's point of view, without that prefix.
 */
export function fieldIssues(error: TRPCError): FieldIssue[] {
  if (!(error.cause instanceof ZodError)) return [];
  return flattenIssues(error.cause.issues).map((issue) =>
    issue.path[0] === 'data' && issue.path.length > 1
      ? { ...issue, path: issue.path.slice(1) }
      : issue,
  );
}

/** The human message of an error: for validation, each field and its message. */
export function publicMessage(error: TRPCError): string {
  const issues = fieldIssues(error);
  if (issues.length) return issuesMessage(issues);
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Internal server error';
  return error.message;
}
