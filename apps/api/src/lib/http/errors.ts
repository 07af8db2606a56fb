import { TRPCError } from '@trpc/server';
import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '@pharm/validators';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, toDomainError } from '../domain-error.js';

/** How long a client is asked to wait after a 503 (database away or busy, server busy). */
export const RETRY_AFTER_SECONDS = '5';

type TRPCCode = TRPCError['code'];

const TRPC_CODES: Record<ErrorCode, TRPCCode> = {
  INVALID: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  DUPLICATE: 'CONFLICT',
  CONFLICT: 'CONFLICT',
  LICENCE_REQUIRED: 'CONFLICT',
  LOT_UNAVAILABLE: 'CONFLICT',
  MISMATCH: 'UNPROCESSABLE_CONTENT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UPSTREAM: 'BAD_GATEWAY',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** tRPC's own refusals (a malformed call, a batch too large, no session) in the shared codes. */
const FROM_TRPC: Partial<Record<TRPCCode, ErrorCode>> = {
  BAD_REQUEST: 'INVALID',
  PARSE_ERROR: 'INVALID',
  PAYLOAD_TOO_LARGE: 'INVALID',
  METHOD_NOT_SUPPORTED: 'INVALID',
  UNSUPPORTED_MEDIA_TYPE: 'INVALID',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  UNPROCESSABLE_CONTENT: 'MISMATCH',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  BAD_GATEWAY: 'UPSTREAM',
  SERVICE_UNAVAILABLE: 'UNAVAILABLE',
};

/** What a client reads when tRPC cannot read a call's input. */
export const UNREADABLE_INPUT = 'The input is not valid JSON or superjson';

/**
 * The domain error behind anything a procedure, tRPC or the database threw. A TRPCError raised
 * by tRPC itself keeps its message; one that only wraps what a procedure threw is unwrapped.
 */
export function domainErrorOf(error: unknown): DomainError {
  if (!(error instanceof TRPCError)) return toDomainError(error);
  if (error.cause && !(error.cause instanceof TRPCError)) {
    const inner = toDomainError(error.cause);
    if (inner.code !== 'INTERNAL' || error.code === 'INTERNAL_SERVER_ERROR') return inner;
    // tRPC's 400 around a failure to read the input (JSON.parse, superjson's deserialize) carries
    // the parser's own text: a position in the payload, 'Maximum call stack size exceeded' for
    // one nested 100,000 deep, superjson's internals. None of it is for the client.
    if (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR')
      return new DomainError('INVALID', UNREADABLE_INPUT, [], { cause: error });
  }
  const code = FROM_TRPC[error.code] ?? 'INTERNAL';
  return new DomainError(code, code === 'INTERNAL' ? 'Internal server error' : error.message, [], {
    cause: error,
  });
}

/** A domain error as tRPC carries it (the domain error stays its cause, for the formatter). */
export function toTRPCError(error: unknown): TRPCError {
  const domain = domainErrorOf(error);
  return new TRPCError({ code: TRPC_CODES[domain.code], message: domain.message, cause: domain });
}

/** `error.data` of every tRPC error: the same code and issues a REST client gets. */
export function trpcErrorData(error: TRPCError): {
  code: ErrorCode;
  message: string;
  issues: FieldIssue[];
} {
  const { code, message, issues } = domainErrorOf(error);
  return { code, message, issues };
}

/** Answers a failure as every /api path does: `{ message, code, issues }` with its status. */
export function sendError(req: FastifyRequest, reply: FastifyReply, cause: unknown): FastifyReply {
  const error = domainErrorOf(cause);
  const status = ERROR_STATUS[error.code];
  if (status >= 500) {
    req.log.error({ err: error.cause ?? error }, 'request failed');
    if (status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
  }
  return reply
    .status(status)
    .send({ message: error.message, code: error.code, issues: error.issues });
}
