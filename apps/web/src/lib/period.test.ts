import { describe, expect, it } from 'vitest';
import { periodPresets, presetOf } from './period';

describe('periodPresets', () => {
  it('gives the month, the quarter and the years of the day', () => {
    expect(periodPresets('2026-11-25')).toEqual([
      { label: 'This month', period: { from: '2026-11-01', to: '2026-11-25' } },
      { label: 'Last month', period: { from: '2026-10-01', to: '2026-10-31' } },
      { label: 'This quarter', period: { from: '2026-10-01', to: '2026-11-25' } },
      { label: 'Year to date', period: { from: '2026-01-01', to: '2026-11-25' } },
      { label: 'Last year', period: { from: '2025-01-01', to: '2025-12-31' } },
      { label: 'All time', period: null },
    ]);
  });

  it('crosses into last year in January', () => {
    const [, lastMonth, quarter] = periodPresets('2027-01-02');
    expect(lastMonth!.period).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(quarter!.period).toEqual({ from: '2027-01-01', to: '2027-01-02' });
  });
});

describe('presetOf', () => {
  const presets = periodPresets('2026-11-25');
  it('finds the preset of a period, All time for none, and none for a custom one', () => {
    expect(presetOf(presets, { from: '2026-10-01', to: '2026-10-31' })?.label).toBe('Last month');
    expect(presetOf(presets, null)?.label).toBe('All time');
    expect(presetOf(presets, {})?.label).toBe('All time');
    expect(presetOf(presets, { from: '2026-10-02', to: '2026-10-31' })).toBeUndefined();
    expect(presetOf(presets, { from: '2026-10-01' })).toBeUndefined();
  });
});
