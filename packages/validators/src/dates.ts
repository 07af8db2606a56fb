/**
 * Calendar dates as 'YYYY-MM-DD' and their display, without zod: the web's lists and frame import
 * these (through the package's index, which declares no side effects) and must not load zod.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Today's date as YYYY-MM-DD in local time. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Adds days to a YYYY-MM-DD date. */
export function addDaysIso(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(y, m - 1, d + days));
  return shifted.toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Nov 21, 2026' from 'YYYY-MM-DD' or a Date/ISO timestamp (local time). */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return `${MONTHS[m - 1]} ${d}, ${y}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * The period a statement covers when none is asked for: the last full calendar month before
 * `today` ('YYYY-MM-DD').
 */
export function lastFullMonth(today = todayIso()): { from: string; to: string } {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const to = addDaysIso(firstOfMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * A report export's file name: 'ar-aging-2026-11-24.csv' for today's report, else the period
 * and the as-of date it shows ('ar-aging-2026-10-01-to-2026-10-31-as-of-2026-10-31.csv').
 */
export function reportFilename(
  name: string,
  query: { from?: string; to?: string; asOf?: string },
  today: string,
): string {
  const asOf = `as-of-${query.asOf ?? today}`;
  if (query.from && query.to) return `${name}-${query.from}-to-${query.to}-${asOf}.csv`;
  return query.asOf ? `${name}-${asOf}.csv` : `${name}-${today}.csv`;
}
