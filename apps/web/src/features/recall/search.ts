/** The longest lot the server takes, with a prefix's `*`. */
const MAX_LOT_LENGTH = 101;

/** The Recall page's search params: `lot`, the lot number or `LOT*` prefix looked up (trimmed). */
export function recallSearch(search: Record<string, unknown>): { lot?: string } {
  const lot = typeof search.lot === 'string' ? search.lot.trim().slice(0, MAX_LOT_LENGTH) : '';
  return lot ? { lot } : {};
}
