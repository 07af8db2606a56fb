import type { z } from 'zod';
import { errorMessage, serverFieldErrors } from './errors';
import { notify } from './notify';

type FieldErrors = Record<string, string>;

/** A failed zod parse's messages by top-level field, as the dialogs without a form library keep them. */
export const issuesByField = (error: z.ZodError): FieldErrors =>
  Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));

/**
 * A refused save in a dialog without a form library: the server's field messages show at their
 * fields, any other error as a toast.
 */
export function showSaveError(error: unknown, setErrors: (errors: FieldErrors) => void): void {
  const fields = serverFieldErrors(error);
  setErrors(fields);
  if (!Object.keys(fields).length) notify.error('Error', errorMessage(error));
}
