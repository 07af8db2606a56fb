import { describe, expect, it } from 'vitest';
import { fieldLabel, formatValue } from './format';

describe('history values', () => {
  it('formats money as USD, dates, rates and flags', () => {
    expect(formatValue('defaultPrice', '13.00')).toBe('$13.00');
    expect(formatValue('total', '1234.5')).toBe('$1,234.50');
    expect(formatValue('orderDate', '2026-03-14')).toBe('Mar 14, 2026');
    expect(formatValue('taxRate', '0.0875')).toBe('8.75%');
    expect(formatValue('active', false)).toBe('No');
    expect(formatValue('notes', null)).toBe('—');
    expect(formatValue('notes', '')).toBe('—');
  });

  it('lists line items and variants in a few words', () => {
    expect(
      formatValue('lineItems', [
        { description: '10 mL vial', qty: 2, unitPrice: '1.25', lineTotal: '2.50' },
      ]),
    ).toBe('2 × 10 mL vial @ $1.25');
    expect(
      formatValue('variants', [{ variantSku: 'V-1', size: '10R', defaultPrice: '4.00' }]),
    ).toBe('V-1 (10R) $4.00');
    expect(formatValue('variants', [])).toBe('None');
  });

  it('words an allocation, which as JSON would not wrap on a phone', () => {
    expect(formatValue('applied', { invoice: 'INV-2026-00001', amount: '100.00' })).toBe(
      '$100.00 to INV-2026-00001',
    );
  });

  it('labels fields in words', () => {
    expect(fieldLabel('defaultPrice')).toBe('Default Price');
    expect(fieldLabel('orderNumber')).toBe('Order Number');
    expect(fieldLabel('sku')).toBe('SKU');
  });
});
