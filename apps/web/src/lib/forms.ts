import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { serverFieldErrors } from './errors';

/** zodResolver's module: loaded with the schemas it checks (lazyZodResolver). */
export const loadZodResolver = () => import('@hookform/resolvers/zod');

/**
 * `zodResolver(schema)` for a schema imported when the form first validates (on submit), with
 * zodResolver itself. The sign-in forms use it: zod and the schemas (some 27 KB compressed) would
 * otherwise load before the screen shows, and zodResolver (0.8 KB) with them; typing in the form
 * starts loading them (preloadAfterSignIn).
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const [{ zodResolver }, schema] = await Promise.all([loadZodResolver(), loadSchema()]);
    return zodResolver(schema)(values, context, options);
  };
}

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
