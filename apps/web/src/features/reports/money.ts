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

/** Steps of a value axis, per power of ten: each gives round tick labels ($4K, $1.5M, $250). */
const STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/**
 * The top of a value axis of four equal steps from $0 that holds `max` cents, each step a round
 * figure of at least $1, so that the top tick is not the largest value itself ($12.9K beside
 * $10.5K) and nothing owed still draws $0 to $4.
 */
export function niceAxisMax(max: number): number {
  const ticks = 4;
  if (max <= ticks * 100) return ticks * 100;
  const magnitude = 10 ** Math.floor(Math.log10(max / ticks));
  const step = STEPS.map((s) => s * magnitude).find((s) => s * ticks >= max)!;
  return step * ticks;
}
