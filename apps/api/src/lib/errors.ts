import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout/i.test(
    message,
  );
}

/** Statement and lock timeouts, a session killed while idle in a transaction: the database is busy. */
const BUSY_CODES = new Set(['57014', '55P03', '25P03']);

/**
 * What each named constraint means to the person who tripped it. No database text (constraint
 * names, SQL, values as the database quotes them) ever reaches a response.
 */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  users_email_key: 'An account with this email already exists',
  products_sku_key: 'This SKU already exists',
  product_variants_variant_sku_key: 'This Variant SKU already exists',
  orders_order_number_key: 'This order number is already taken',
  invoices_invoice_number_key: 'This invoice number is already taken',
  payments_payment_number_key: 'This payment number is already taken',
  payments_idempotency_key_key: 'This payment was already recorded',
  product_variants_package_qty_check: 'packageQty: Package quantity must be at least 1',
  order_line_items_qty_check: 'qty: Quantity must be at least 1',
  invoice_line_items_qty_check: 'qty: Quantity must be at least 1',
  payments_amount_check: 'amount: Amount must be greater than 0',
  payments_method_check: 'method: Invalid payment method',
  orders_status_check: 'status: Invalid status',
  invoices_status_check: 'status: Invalid status',
};

function constraintMessage(error: PgError, fallback: string): string {
  return (error.constraint && CONSTRAINT_MESSAGES[error.constraint]) || fallback;
}

/**
 * Turns what the database or a library threw into the HTTP-facing error the client should see:
 * bad input never becomes a 500, an unreachable or busy database is a 503.
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
    return conflict(constraintMessage(pg, 'A record with this value already exists'));
  }
  if (pg.code === '23503')
    return conflict('The record refers to, or is referred to by, another record');
  if (pg.code === '23514') {
    return badRequest(constraintMessage(pg, 'A value is outside what is allowed'));
  }
  if (pg.code?.startsWith('22')) return badRequest('A value is out of range or malformed');
  if (pg.code === '40001' || pg.code === '40P01') {
    return conflict('The record was changed at the same time by another request; please retry');
  }
  if (pg.code && BUSY_CODES.has(pg.code)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is busy; please try again shortly',
      cause: error,
    });
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

/** How long a client is asked to wait after a 503 (database away or busy, server busy). */
export const RETRY_AFTER_SECONDS = '5';

/** Answers a failure as every /api path does: `{ message, issues }` with its status. */
export function sendError(req: FastifyRequest, reply: FastifyReply, cause: unknown): FastifyReply {
  const error = toTRPCError(cause);
  const status = getHTTPStatusCodeFromError(error);
  if (status >= 500) {
    req.log.error({ err: error.cause ?? error }, 'request failed');
    if (status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
  }
  return reply.status(status).send({ message: publicMessage(error), issues: fieldIssues(error) });
}
