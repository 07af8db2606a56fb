import fc from 'fast-check';
import { addDaysIso } from '@pharm/validators';
import { describe, expect, it } from 'vitest';
import { splitByMonths } from './service.js';

describe('splitByMonths', () => {
  it('reads the whole months of a period from the monthly sales and the days around them apart', () => {
    expect(splitByMonths({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      months: { from: '2026-02-01', to: '2026-04-01' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(splitByMonths({ from: '2025-01-01', to: '2025-12-31' })).toEqual({
      months: { from: '2025-01-01', to: '2026-01-01' },
      days: [],
    });
    expect(splitByMonths({ from: '2024-02-01', to: '2024-02-29' })).toEqual({
      months: { from: '2024-02-01', to: '2024-03-01' },
      days: [],
    });
    expect(splitByMonths({ from: '2026-03-05', to: '2026-03-20' })).toEqual({
      months: null,
      days: [{ from: '2026-03-05', to: '2026-03-20' }],
    });
    expect(splitByMonths({ from: '2026-03-05', to: '2026-04-20' })).toEqual({
      months: null,
      days: [{ from: '2026-03-05', to: '2026-04-20' }],
    });
  });

  it('covers every day of any period exactly once', () => {
    const day = fc
      .integer({ min: 0, max: 3 * 366 })
      .map((offset) => addDaysIso('2023-11-15', offset));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 400 }), (from, length) => {
        const to = addDaysIso(from, length);
        const { months, days } = splitByMonths({ from, to });
        const daysOf = (a: string, b: string) => {
          const list: string[] = [];
          for (let d = a; d <= b; d = addDaysIso(d, 1)) list.push(d);
          return list;
        };
        const covered = days.flatMap((range) => daysOf(range.from, range.to));
        if (months) {
          expect(months.from.endsWith('-01') && months.to.endsWith('-01')).toBe(true);
          covered.push(...daysOf(months.from, addDaysIso(months.to, -1)));
        }
        covered.sort();
        const expected = daysOf(from, to);
        expect(covered).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
