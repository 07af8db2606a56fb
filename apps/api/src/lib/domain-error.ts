import { flattenIssues, issuesMessage, type ErrorCode, type FieldIssue } from '@pharm/validators';
import { ZodError } from 'zod';

/**
 * What services throw: a code from the shared table (its HTTP status is there too), the message
 * people read, and the fields it concerns. The transports (tRPC, REST) turn it into their answer.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues: FieldIssue[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DomainError';
  }
}

export function notFound(entity: string): DomainError {
  return new DomainError('NOT_FOUND', `${entity} not found`);
}

/** A refusal; `path` names the field it concerns, so that a form shows it there too. */
export function conflict(message: string, path?: (string | number)[]): DomainError {
  return new DomainError('CONFLICT', message, path ? [{ path, message }] : []);
}

/** Bad input that a schema cannot see (an unknown reference, a rule across fields). */
export function invalid(message: string, path?: (string | number)[]): DomainError {
  return new DomainError('INVALID', message, path ? [{ path, message }] : []);
}

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** The value PostgreSQL quotes in a unique violation's detail: `Key (sku)=(VL-2R) already exists.` */
export function duplicateValue(error: unknown): string | undefined {
  const detail = (error as PgError | undefined)?.detail ?? '';
  return /\)=\((.*)\) already exists/.exec(detail)?.[1];
}

export interface ConstraintRule {
  code: ErrorCode;
  path: (string | number)[];
  message: (value: string | undefined) => string;
}

/**
 * What each named constraint means to the person who tripped it, and which field it concerns:
 * every module declares those of its tables (AppModule.constraints), and modules/index.ts
 * registers them here. No database text (constraint names, SQL, values as the database quotes
 * them) reaches a response; a value the user typed may be named back to them.
 */
const CONSTRAINTS = new Map<string, ConstraintRule>();

export function registerConstraints(rules: Readonly<Record<string, ConstraintRule>>): void {
  for (const [name, rule] of Object.entries(rules)) {
    if (CONSTRAINTS.has(name)) throw new Error(`Constraint ${name} is declared twice`);
    CONSTRAINTS.set(name, rule);
  }
}

/** SQLSTATEs and driver errors that mean "the database is not reachable right now". */
const UNREACHABLE_CODES = new Set([
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
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Query read timeout/i;

/** Statement and lock timeouts, a session killed while idle in a transaction: the database is busy. */
const BUSY_CODES = new Set(['57014', '55P03', '25P03']);

export type DatabaseTimeout = 'statement' | 'lock';
const TIMEOUTS: Record<string, DatabaseTimeout> = { '57014': 'statement', '55P03': 'lock' };
const timeoutListeners = new Set<(kind: DatabaseTimeout) => void>();
/** An error is mapped more than once on its way out (tRPC, then REST): each is reported once. */
const reportedTimeouts = new WeakSet<object>();

/** Calls `listener` once for each statement or lock timeout mapped here (the metrics count them). */
export function onDatabaseTimeout(listener: (kind: DatabaseTimeout) => void): () => void {
  timeoutListeners.add(listener);
  return () => timeoutListeners.delete(listener);
}

function reportTimeout(error: object, kind: DatabaseTimeout | undefined): void {
  if (!kind || reportedTimeouts.has(error)) return;
  reportedTimeouts.add(error);
  for (const listener of timeoutListeners) listener(kind);
}

/**
 * The one mapping from whatever a service, the database or a schema threw to the answer the
 * client gets: bad input never becomes a 500, an unreachable or busy database is a 503.
 */
export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ZodError) {
    // Update inputs carry their fields under `data` ({ id, data }): paths are the form's own.
    const issues = flattenIssues(error.issues).map((issue) =>
      issue.path[0] === 'data' && issue.path.length > 1
        ? { ...issue, path: issue.path.slice(1) }
        : issue,
    );
    return new DomainError('INVALID', issuesMessage(issues), issues, { cause: error });
  }
  const pg = (error ?? {}) as PgError;
  const rule = pg.constraint ? CONSTRAINTS.get(pg.constraint) : undefined;
  const fromRule = (fallback: DomainError) => {
    if (!rule) return fallback;
    const issues = [{ path: rule.path, message: rule.message(duplicateValue(pg)) }];
    // Bad input names its field in the message, as validation does ('qty: Quantity must …').
    const message = rule.code === 'INVALID' ? issuesMessage(issues) : issues[0]!.message;
    return new DomainError(rule.code, message, issues, { cause: error });
  };
  switch (pg.code) {
    case '23505':
      return fromRule(
        new DomainError('DUPLICATE', 'A record with this value already exists', [], {
          cause: error,
        }),
      );
    case '23514':
      return fromRule(
        new DomainError('INVALID', 'A value is outside what is allowed', [], { cause: error }),
      );
    case '23503':
      return fromRule(
        new DomainError(
          'CONFLICT',
          'The record refers to, or is referred to by, another record',
          [],
          { cause: error },
        ),
      );
    case '40001':
    case '40P01':
      return new DomainError(
        'CONFLICT',
        'The record was changed at the same time by another request; please retry',
        [],
        { cause: error },
      );
  }
  if (pg.code?.startsWith('22')) {
    return new DomainError('INVALID', 'A value is out of range or malformed', [], {
      cause: error,
    });
  }
  if (pg.code && BUSY_CODES.has(pg.code)) {
    reportTimeout(pg, TIMEOUTS[pg.code]);
    return new DomainError('UNAVAILABLE', 'The database is busy; please try again shortly', [], {
      cause: error,
    });
  }
  if (
    (pg.code && (UNREACHABLE_CODES.has(pg.code) || pg.code.startsWith('08'))) ||
    UNREACHABLE_MESSAGES.test(pg.message ?? '')
  ) {
    return new DomainError(
      'UNAVAILABLE',
      'The database is unavailable; please try again shortly',
      [],
      { cause: error },
    );
  }
  return new DomainError('INTERNAL', 'Internal server error', [], { cause: error });
}
