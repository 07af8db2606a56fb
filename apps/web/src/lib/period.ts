import { lastFullMonth, todayIso } from '@pharm/validators';

/** A span of days, both ends inclusive, as YYYY-MM-DD. */
export interface Period {
  from: string;
  to: string;
}

/** A quick choice of the period pickers (PeriodPicker); All time is no period. */
export interface PeriodPreset {
  label: string;
  period: Period | null;
}

/**
 * The period choices of the reports, the statement and the lists' date filters, for the day they
 * are shown: This month, Last month, This quarter, Year to date, Last year and All time.
 */
export function periodPresets(today = todayIso()): PeriodPreset[] {
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

/** The preset that is exactly `period` (All time for none), if any. */
export function presetOf(presets: readonly PeriodPreset[], period: Partial<Period> | null) {
  const from = period?.from;
  const to = period?.to;
  return presets.find((preset) =>
    preset.period ? preset.period.from === from && preset.period.to === to : !from && !to,
  );
}
