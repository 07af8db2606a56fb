import { lastFullMonth, todayIso, type ReportsQuery } from '@pharm/validators';
import type { ReportsSearch } from './route';

export interface Period {
  from: string;
  to: string;
}

/** The period choices for the day they are shown; All time is no period. */
export function reportPresets(today = todayIso()): { label: string; period: Period | null }[] {
  const year = Number(today.slice(0, 4));
  const quarterMonth = String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1);
  return [
    { label: 'This month', period: { from: `${today.slice(0, 8)}01`, to: today } },
    { label: 'Last month', period: lastFullMonth(today) },
    {
      label: 'This quarter',
      period: { from: `${year}-${quarterMonth.padStart(2, '0')}-01`, to: today },
    },
    { label: 'Year to date', period: { from: `${year}-01-01`, to: today } },
    { label: 'Last year', period: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } },
    { label: 'All time', period: null },
  ];
}

/**
 * The report of the URL's period: its sales, and what was owed at its end when that is past (a
 * month-end report), else today.
 */
export function reportsQueryOf(search: ReportsSearch, today = todayIso()): ReportsQuery {
  if (!search.from || !search.to) return {};
  const period = { from: search.from, to: search.to };
  return search.to < today ? { ...period, asOf: search.to } : period;
}
