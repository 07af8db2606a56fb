/**
 * The schemas (and zod, some 35 KB compressed), imported when a form first validates. A record
 * form starts loading them as the user first changes one of its fields, so they are there by the
 * time the form is sent; the form itself shows without them. (Not on focus: the new forms focus
 * their first field as they open.)
 */
export const loadSchemas = () => import('@pharm/validators');

/** A change handler for a form: starts loading the schemas (each call after the first costs nothing). */
export function preloadSchemas(): void {
  void loadSchemas();
}
