import { describe, expect, it } from 'vitest';
import { compactUsd, niceAxisMax } from './money';

describe('compactUsd', () => {
  it('abbreviates thousands, millions and billions with one decimal', () => {
    expect(compactUsd(0)).toBe('$0');
    expect(compactUsd(98_049)).toBe('$980');
    expect(compactUsd(4_530_000)).toBe('$45.3K');
    expect(compactUsd(100_000)).toBe('$1K');
    expect(compactUsd(123_456_789)).toBe('$1.2M');
    expect(compactUsd(125_000_000)).toBe('$1.3M');
    expect(compactUsd(250_000_000_000)).toBe('$2.5B');
  });
});

describe('niceAxisMax', () => {
  it('tops the axis at four round steps that hold the largest value', () => {
    expect(niceAxisMax(0)).toBe(400);
    expect(niceAxisMax(399)).toBe(400);
    expect(niceAxisMax(401)).toBe(600);
    expect(niceAxisMax(1_285_120)).toBe(1_600_000);
    expect(niceAxisMax(1_600_000)).toBe(1_600_000);
    expect(niceAxisMax(2_000_001)).toBe(2_400_000);
    expect(niceAxisMax(987_654_321)).toBe(1_000_000_000);
  });
});
