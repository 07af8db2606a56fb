// The statement route's options. Route options are part of the first-load bundle (see
// lists/route.ts), which is at its budget: this file imports nothing and leaves checking the dates
// to the server, whose 400 the page shows.

/** The statement route's search params: a period, or none (the last full month). */
export interface StatementSearch {
  from?: string;
  to?: string;
}

/** `validateSearch`: both dates as text, or neither. */
export const statementSearch = ({ from, to }: Record<string, unknown>): StatementSearch =>
  typeof from === 'string' && typeof to === 'string' ? { from, to } : {};
