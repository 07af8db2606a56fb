import { describe, expect, it } from 'vitest';
import { reportsQueryOf } from './period';

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
