/**
 * Money in integer cents. Amounts travel as decimal strings ("118.75") and are never turned
 * into binary floating point: parsing, arithmetic, rounding and formatting are all integer work.
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string into integer units of 10^-scale; null when it is not a plain decimal or has more digits after the point. */
export function parseScaled(value: string, scale: number): number | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return null;
  const units = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(units)) return null;
  return sign && units !== 0 ? -units : units;
}

/** Formats integer units of 10^-scale as a decimal string with exactly `scale` decimals. */
export function formatScaled(units: number, scale: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not an integer amount: ${units}`);
  const negative = units < 0;
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

export function toCents(value: string): number {
  const cents = parseScaled(value, 2);
  if (cents === null) throw new RangeError(`Not a money amount: "${value}"`);
  return cents;
}

export function fromCents(cents: number): string {
  return formatScaled(cents, 2);
}

/** qty × unit price, exact: both are integers. */
export function lineTotalCents(qty: number, unitPriceCents: number): number {
  return qty * unitPriceCents;
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Divides and rounds half away from zero, exactly, for integers below 2^53. */
export function divideRounded(numerator: number, divisor: number): number {
  const remainder = numerator % divisor;
  const quotient = (numerator - remainder) / divisor;
  if (Math.abs(remainder) * 2 >= divisor) return quotient + Math.sign(numerator);
  return quotient;
}

/** round(amount × rate, 2) with the rate given as a 4-decimal string ("0.0875"). */
export function taxCents(amountCents: number, taxRate: string): number {
  const rateUnits = parseScaled(taxRate, 4);
  if (rateUnits === null) throw new RangeError(`Not a tax rate: "${taxRate}"`);
  return divideRounded(amountCents * rateUnits, 10_000);
}

/** '$1,234.50' (en-US, USD), from cents or a decimal string. */
export function formatUsd(amount: number | string): string {
  const cents = typeof amount === 'string' ? toCents(amount) : amount;
  const [whole = '0', fraction = '00'] = fromCents(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}

/** '8.75%' from '0.0875': the rate as a percent with 2 decimals. */
export function formatPercent(taxRate: string): string {
  const units = parseScaled(taxRate, 4);
  if (units === null) return taxRate;
  return `${formatScaled(units, 2)}%`;
}
