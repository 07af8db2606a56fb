import { describe, expect, it } from 'vitest';
import { formLineTotal, formOrderTotalCents, MAX_MONEY_CENTS } from './order-rules.js';
import { orderSchema, orderTotals, orderUpdateSchema } from './orders.js';

describe('orderTotals', () => {
  it('multiplies in cents, where floating point would drift', () => {
    // 3 × 0.1 and 0.29 × 100 are the classic float traps (0.30000000000000004, 28.999999999999996).
    const { lineTotals, total, fits } = orderTotals([
      { qty: 3, unitPrice: '0.10' },
      { qty: 100, unitPrice: '0.29' },
      { qty: 7, unitPrice: '19.99' },
    ]);
    expect(lineTotals).toEqual([30, 2900, 13993]);
    expect(total).toBe(16923);
    expect(fits).toBe(true);
  });

  it('accepts a total of exactly 99,999,999.99 and refuses one cent more', () => {
    expect(orderTotals([{ qty: 1, unitPrice: '99999999.99' }]).fits).toBe(true);
    expect(
      orderTotals([
        { qty: 1, unitPrice: '99999999.99' },
        { qty: 1, unitPrice: '0.01' },
      ]).fits,
    ).toBe(false);
  });

  it('refuses a single line that overflows without summing it', () => {
    const result = orderTotals([{ qty: 100_000, unitPrice: '99999999.99' }]);
    expect(result.fits).toBe(false);
    expect(result.lineTotals[0]).toBeGreaterThan(MAX_MONEY_CENTS);
  });

  it('throws on a price that did not go through the schema', () => {
    expect(() => orderTotals([{ qty: 1, unitPrice: '1.005' }])).toThrow(RangeError);
  });
});

describe('formLineTotal', () => {
  it('shows qty × price with two decimals', () => {
    expect(formLineTotal(3, '0.10')).toBe('0.30');
    expect(formLineTotal(12, '4.25')).toBe('51.00');
    expect(formLineTotal(1, '0.00')).toBe('0.00');
  });

  it('shows 0.00 while the input is half-typed or invalid', () => {
    expect(formLineTotal(2, '')).toBe('0.00');
    expect(formLineTotal(2, '1.')).toBe('0.00');
    expect(formLineTotal(2, 'abc')).toBe('0.00');
    expect(formLineTotal(Number.NaN, '5.00')).toBe('0.00');
    expect(formLineTotal(1.5, '5.00')).toBe('0.00');
    expect(formLineTotal(2, '-1.00')).toBe('0.00');
  });

  it('sums the shown line totals into the order total', () => {
    expect(
      formOrderTotalCents([
        { qty: 3, unitPrice: '0.10' },
        { qty: 2, unitPrice: '' },
        { qty: 1, unitPrice: '10.05' },
      ]),
    ).toBe(1035);
  });
});

describe('order schemas', () => {
  const line = { description: '10 mL clear vial', qty: 2, unitPrice: '1.5', lineTotal: '3.00' };

  it('normalises prices to two decimals and keeps the spec messages', () => {
    const parsed = orderSchema.parse({ pharmacyId: 1, orderDate: '2026-03-01', lineItems: [line] });
    expect(parsed.lineItems[0]?.unitPrice).toBe('1.50');
    const bad = orderSchema.safeParse({ pharmacyId: 0, orderDate: '', lineItems: [] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Pharmacy is required',
      'Order date is required',
      'At least one line item is required',
    ]);
  });

  it('takes either a status alone or a full order on update', () => {
    expect(orderUpdateSchema.parse({ status: 'Sent' })).toEqual({ status: 'Sent' });
    expect(orderUpdateSchema.safeParse({ status: 'Shipped' }).success).toBe(false);
    const full = orderUpdateSchema.parse({
      pharmacyId: 1,
      orderDate: '2026-03-01',
      lineItems: [line],
      status: 'Sent',
    });
    expect(full).toMatchObject({ status: 'Sent', pharmacyId: 1 });
  });
});
