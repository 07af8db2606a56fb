// The reports route's options. Route options are part of the first-load bundle (see
// lists/route.ts): this file imports nothing and leaves checking the dates to the server, whose
// 400 the page shows.

/** The reports route's search params: a period, or none (all time). */
export interface ReportsSearch {
  from?: string;
  to?: string;
}

/** `validateSearch`: both dates as text, or neither. */
export const reportsSearch = ({ from, to }: Record<string, unknown>): ReportsSearch =>
  typeof from === 'string' && typeof to === 'string' ? { from, to } : {};
