import { describe, expect, it } from 'vitest';
import { compactUsd } from './money';

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
