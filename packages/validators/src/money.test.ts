import { describe, expect, it } from 'vitest';
import {
  divideRounded,
  formatPercent,
  formatUsd,
  fromCents,
  lineTotalCents,
  parseScaled,
  sumCents,
  taxCents,
  toCents,
} from './money.js';

describe('money in integer cents', () => {
  it('parses decimal strings exactly', () => {
    expect(toCents('118.75')).toBe(11875);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('12')).toBe(1200);
    expect(toCents('-3.05')).toBe(-305);
    expect(toCents('99999999.99')).toBe(9_999_999_999);
    expect(() => toCents('1.005')).toThrow();
    expect(() => toCents('abc')).toThrow();
    expect(parseScaled('0.0875', 4)).toBe(875);
    expect(parseScaled('1e3', 2)).toBeNull();
  });

  it('formats cents with exactly two decimals', () => {
    expect(fromCents(11875)).toBe('118.75');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(-305)).toBe('-3.05');
  });

  it('adds up where floats would drift: 0.10 + 0.20 = 0.30', () => {
    expect(fromCents(sumCents([toCents('0.10'), toCents('0.20')]))).toBe('0.30');
    expect(fromCents(lineTotalCents(3, toCents('19.99')))).toBe('59.97');
    expect(fromCents(lineTotalCents(100_000, toCents('99999.99')))).toBe('9999999000.00');
  });

  it('rounds tax half away from zero, to the cent', () => {
    expect(fromCents(taxCents(toCents('100.00'), '0.0875'))).toBe('8.75');
    // 10.10 × 0.0875 = 0.88375 → 0.88; 10.30 × 0.0875 = 0.90125 → 0.90; 0.20 × 0.0875 = 0.0175 → 0.02
    expect(fromCents(taxCents(toCents('10.10'), '0.0875'))).toBe('0.88');
    expect(fromCents(taxCents(toCents('0.20'), '0.0875'))).toBe('0.02');
    expect(fromCents(taxCents(toCents('0.06'), '0.0750'))).toBe('0.00');
    expect(fromCents(taxCents(toCents('99999999.99'), '1.0000'))).toBe('99999999.99');
    expect(divideRounded(5, 10)).toBe(1);
    expect(divideRounded(-5, 10)).toBe(-1);
    expect(divideRounded(4, 10)).toBe(0);
  });

  it("shows amounts in en-US dollars: '$1,234.50'", () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd('0')).toBe('$0.00');
    expect(formatUsd(-1250)).toBe('-$12.50');
    expect(formatPercent('0.0875')).toBe('8.75%');
  });
});
