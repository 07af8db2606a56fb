import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from './errors';

/**
 * Shows the server's field messages (error.data.issues) under the matching form fields.
 * Returns true when at least one field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const messages = serverFieldErrors(error);
  let applied = false;
  for (const field of fields) {
    const message = messages[field];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
