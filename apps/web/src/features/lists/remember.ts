// The side menu reopens a list as it was left: its last search params, kept per tab of the
// browser (sessionStorage: a new tab starts from the default) and forgotten on logout.

const PREFIX = 'list-search:';

/** The params a list keeps; others (payments' `record`, a dialog to open) are not state. */
const KEPT = ['q', 'tab', 'sort', 'order', 'from', 'to', 'dateField', 'pharmacyId'] as const;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage may be refused (a privacy setting): the lists then open at their default.
    return undefined;
  }
}

/** Keeps the search params a list (`/invoices`) shows. */
export function rememberListSearch(path: string, search: Record<string, unknown>): void {
  const kept = Object.fromEntries(
    KEPT.flatMap((key) => (search[key] === undefined ? [] : [[key, search[key]]])),
  );
  const store = storage();
  if (!store) return;
  if (Object.keys(kept).length === 0) store.removeItem(PREFIX + path);
  else store.setItem(PREFIX + path, JSON.stringify(kept));
}

/** The search params a list was left with, or none; the route checks them again. */
export function rememberedListSearch(path: string): Record<string, unknown> | undefined {
  const text = storage()?.getItem(PREFIX + path);
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets every list's params: the next user of the tab starts from the defaults. */
export function forgetListSearches(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}
