/** Stands in for the app's own origin: only a path that stays on it is a place to go back to. */
const SAME_ORIGIN = 'http://app.invalid';

/**
 * The `redirect` search param (where a signed-out visitor was going) if it is a path of this
 * app, normalised ('/orders?tab=sent'); anything else is undefined, so that a crafted link cannot
 * send someone elsewhere after they sign in: another origin ('//evil.com', '/\evil.com',
 * 'https://…'), a scheme ('javascript:…'), or what the URL parser turns into one.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, SAME_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== SAME_ORIGIN) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // '/.//evil.com' normalises to '//evil.com', which the history would read as another host.
  if (path.startsWith('//') || path === '/') return undefined;
  return path;
}
