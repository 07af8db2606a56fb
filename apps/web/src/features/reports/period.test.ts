import { describe, expect, it } from 'vitest';
import { reportPresets, reportsQueryOf } from './period';

describe('reportPresets', () => {
  it('gives the month, the quarter and the years of the day', () => {
    expect(reportPresets('2026-11-25')).toEqual([
      { label: 'This month', period: { from: '2026-11-01', to: '2026-11-25' } },
      { label: 'Last month', period: { from: '2026-10-01', to: '2026-10-31' } },
      { label: 'This quarter', period: { from: '2026-10-01', to: '2026-11-25' } },
      { label: 'Year to date', period: { from: '2026-01-01', to: '2026-11-25' } },
      { label: 'Last year', period: { from: '2025-01-01', to: '2025-12-31' } },
      { label: 'All time', period: null },
    ]);
  });

  it('crosses into last year in January', () => {
    const [, lastMonth, quarter] = reportPresets('2027-01-02');
    expect(lastMonth!.period).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(quarter!.period).toEqual({ from: '2027-01-01', to: '2027-01-02' });
  });
});

describe('reportsQueryOf', () => {
  it('ages a past period at its end, and a period up to today today', () => {
    expect(reportsQueryOf({}, '2026-11-25')).toEqual({});
    expect(reportsQueryOf({ from: '2026-10-01', to: '2026-10-31' }, '2026-11-25')).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      asOf: '2026-10-31',
    });
    expect(reportsQueryOf({ from: '2026-11-01', to: '2026-11-25' }, '2026-11-25')).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });
});
