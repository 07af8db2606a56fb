import { loadZodResolver } from '../../lib/forms';
import { loadToaster } from '../../lib/notify';
import { loadAppShell } from '../shell/lazy';

/** The sign-in forms' schemas (and zod), imported when a form first validates. */
export const loadAuthSchemas = () => import('@pharm/validators');

/**
 * Called as the user types in a sign-in form (each call after the first costs nothing): loads what
 * comes next while the screen is already usable: the schemas and zodResolver for the submit, the
 * toaster for a refusal and the signed-in frame for a success.
 */
export function preloadAfterSignIn(): void {
  void loadAuthSchemas();
  void loadZodResolver();
  void loadToaster();
  void loadAppShell();
}
