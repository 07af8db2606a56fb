import { divideRounded, formatUsd } from '@pharm/validators/money';

/**
 * '$1.2M', '$45.3K', '$980' for a chart's value axis, from integer cents with integer arithmetic
 * only (one decimal, rounded half away from zero).
 */
export function compactUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  for (const [unit, suffix] of [
    [100_000_000_000, 'B'],
    [100_000_000, 'M'],
    [100_000, 'K'],
  ] as const) {
    if (abs >= unit) {
      const tenths = divideRounded(abs, unit / 10);
      const whole = (tenths - (tenths % 10)) / 10;
      return `${sign}$${whole}${tenths % 10 ? `.${tenths % 10}` : ''}${suffix}`;
    }
  }
  return `${sign}${formatUsd(divideRounded(abs, 100) * 100).replace(/\.00$/, '')}`;
}
