import { todayIso, type ReportsQuery } from '@pharm/validators';
import type { ReportsSearch } from './route';

/**
 * The report of the URL's period: its sales, and what was owed at its end when that is past (a
 * month-end report), else today.
 */
export function reportsQueryOf(search: ReportsSearch, today = todayIso()): ReportsQuery {
  if (!search.from || !search.to) return {};
  const period = { from: search.from, to: search.to };
  return search.to < today ? { ...period, asOf: search.to } : period;
}
