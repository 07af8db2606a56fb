import { z } from 'zod';

/** One field's refusal: where in the input (`['lineItems', 0, 'qty']`) and why. */
export const fieldIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type FieldIssue = z.output<typeof fieldIssue>;

/** Flattens zod issues into field messages. */
export function flattenIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
}

/** 'email: Please enter a valid email; password: Password must be at least 6 characters' */
export function issuesMessage(issues: readonly FieldIssue[]): string {
  return issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * What went wrong, as a code the API answers with (`{ message, code, issues }` on REST,
 * `error.data.code` and `error.data.issues` over tRPC) and clients act on, with its HTTP status.
 */
export const ERROR_STATUS = {
  /** The input breaks a rule; `issues` says which field and why. */
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  /** A value that must be unique is taken; `issues` names the field. */
  DUPLICATE: 409,
  /** The record's state refuses the change (a status transition, a locked order, a reference). */
  CONFLICT: 409,
  /** A licence the pharmacy must hold for this step is missing, expired or does not cover it. */
  LICENCE_REQUIRED: 409,
  /** A line's lot may not ship today: recalled, on hold, quarantined, expired, too short-dated. */
  LOT_UNAVAILABLE: 409,
  /** An idempotency key reused with another request. */
  MISMATCH: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service we call (a catalogue feed) failed. */
  UPSTREAM: 502,
  /** Try again shortly: the database or the server is busy or away (with Retry-After). */
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The body of every failure on /api (the API document's error responses). Fastify's own refusals
 * (malformed JSON, a body too large) and unknown paths carry the message only.
 */
export const errorBody = z.object({
  message: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]).optional(),
  issues: z.array(fieldIssue).optional(),
});
