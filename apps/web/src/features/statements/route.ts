// The statement route's options. Route options are part of the first-load bundle (see
// lists/route.ts), so this file imports nothing: the server checks the dates themselves.

/** The statement route's search params: a period, or none (the last full month). */
export interface StatementSearch {
  from?: string;
  to?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `validateSearch`: two dates in order, or neither; anything else is left out, never an error. */
export function statementSearch(search: Record<string, unknown>): StatementSearch {
  const { from, to } = search;
  if (typeof from !== 'string' || typeof to !== 'string') return {};
  if (!DATE.test(from) || !DATE.test(to) || from > to) return {};
  return { from, to };
}
