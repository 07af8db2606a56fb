import { lastFullMonth, todayIso } from '@pharm/validators';

/** The period pickers' quick choices, for the day they are shown. */
export function periodPresets(today = todayIso()) {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastMonth = lastFullMonth(today);
  const threeMonthsFrom = lastFullMonth(lastFullMonth(lastMonth.from).from).from;
  return [
    { label: 'Last month', ...lastMonth },
    { label: 'This month', from: firstOfMonth, to: today },
    { label: 'Last 3 months', from: threeMonthsFrom, to: lastMonth.to },
    { label: 'Year to date', from: `${today.slice(0, 4)}-01-01`, to: today },
  ];
}
