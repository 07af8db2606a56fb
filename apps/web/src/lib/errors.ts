import { TRPCClientError } from '@trpc/client';

/**
 * A failed REST call (e.g. a PDF download): its message is '{status}: {body text or status text}',
 * the spec's message form. Build one with `httpError(response)`.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** Reads a non-ok Response into an HttpError (use: `if (!res.ok) throw await httpError(res)`). */
export async function httpError(response: Response): Promise<HttpError> {
  const body = await response.text().catch(() => '');
  return new HttpError(response.status, response.statusText, body);
}

/**
 * The one place that turns a failed call into the text users read:
 * the server's message for tRPC errors, '{status}: {body or statusText}' for REST errors,
 * 'Unknown error' when there is nothing better.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) return error.message || 'Unknown error';
  if (error instanceof HttpError) return error.message;
  if (typeof Response !== 'undefined' && error instanceof Response) {
    return `${error.status}: ${error.statusText}`;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

function errorData(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
}

/** The HTTP status of a failed tRPC call, when known. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  const status = errorData(error)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's per-field messages from `error.data.issues`, keyed by the form's field path
 * ({ email: 'Please enter a valid email', 'variants.1.variantSku': 'Variant SKU … already exists' }).
 * The server gives paths as the form knows them, whichever code (INVALID, DUPLICATE) it sent.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const issues = errorData(error)?.issues;
  if (!Array.isArray(issues)) return {};
  const result: Record<string, string> = {};
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (!Array.isArray(issue.path) || typeof issue.message !== 'string') continue;
    const field = issue.path.join('.');
    if (field && !(field in result)) result[field] = issue.message;
  }
  return result;
}
