import { describe, expect, it } from 'vitest';
import {
  dueDateForTerms,
  INVOICE_STATUS_PALETTE,
  invoiceSchema,
  invoiceTotals,
  invoiceUpdateSchema,
  isInvoiceOverdue,
  taxPercentToRate,
  taxRateToPercent,
} from './index.js';

const invoice = {
  pharmacyId: 1,
  invoiceDate: '2026-11-21',
  dueDate: '2026-12-21',
  amount: '100.00',
};

describe('invoiceTotals', () => {
  it('rounds the tax half away from zero, in cents', () => {
    expect(invoiceTotals({ amount: '1.00', taxRate: '0.0050', shipping: '0.00' })).toEqual({
      subtotal: 100,
      taxAmount: 1,
      shipping: 0,
      total: 101,
      fits: true,
    });
    expect(invoiceTotals({ amount: '0.50', taxRate: '0.0500', shipping: '0.00' }).taxAmount).toBe(
      3,
    );
    expect(invoiceTotals({ amount: '0.49', taxRate: '0.0500', shipping: '0.00' }).taxAmount).toBe(
      2,
    );
    expect(invoiceTotals({ amount: '118.75', taxRate: '0.0875', shipping: '12.50' }).total).toBe(
      14_164,
    );
  });

  it('says when the total does not fit numeric(10,2)', () => {
    expect(invoiceTotals({ amount: '99999999.99', taxRate: '0.0000', shipping: '0.00' }).fits).toBe(
      true,
    );
    expect(invoiceTotals({ amount: '99999999.99', taxRate: '0.0000', shipping: '0.01' }).fits).toBe(
      false,
    );
  });
});

describe('invoiceSchema', () => {
  it('defaults the tax rate and shipping, and leaves the amount to the order when absent', () => {
    const { amount: _amount, ...rest } = invoice;
    expect(invoiceSchema.parse(rest)).toMatchObject({
      taxRate: '0.0875',
      shipping: '0.00',
      amount: null,
      fromOrderId: null,
    });
  });

  it('refuses a due date before the invoice date', () => {
    const result = invoiceSchema.safeParse({ ...invoice, dueDate: '2026-11-20' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['dueDate'], 'Due date must be on or after the invoice date'],
    ]);
    expect(invoiceSchema.safeParse({ ...invoice, dueDate: '2026-11-21' }).success).toBe(true);
  });

  it('takes only Draft, Unpaid and Paid from a client', () => {
    for (const status of ['Draft', 'Unpaid', 'Paid']) {
      expect(invoiceUpdateSchema.parse({ status })).toEqual({ status });
    }
    const partial = invoiceUpdateSchema.safeParse({ status: 'Partially Paid' });
    expect(partial.error?.issues[0]?.message).toBe(
      'Status Partially Paid is set by the server, not by a client',
    );
    const other = invoiceUpdateSchema.safeParse({ status: 'Void' });
    expect(other.error?.issues[0]?.message).toBe('Status must be one of Draft, Unpaid, Paid');
  });
});

describe('isInvoiceOverdue', () => {
  const due = { status: 'Unpaid' as const, dueDate: '2026-11-20', balance: '5.00' };
  it('is past the due date, with a balance, and not Paid', () => {
    expect(isInvoiceOverdue(due, '2026-11-21')).toBe(true);
    expect(isInvoiceOverdue(due, '2026-11-20')).toBe(false);
    expect(isInvoiceOverdue({ ...due, balance: '0.00' }, '2026-11-21')).toBe(false);
    expect(isInvoiceOverdue({ ...due, status: 'Draft' }, '2026-11-21')).toBe(true);
    expect(isInvoiceOverdue({ ...due, status: 'Paid' }, '2026-11-21')).toBe(false);
  });
});

describe('invoice form helpers', () => {
  it('proposes the due date from the terms: Net N days later, on receipt/COD the same day', () => {
    expect(dueDateForTerms('2026-11-21', 'Net 15')).toBe('2026-12-06');
    expect(dueDateForTerms('2026-11-21', 'Net 30')).toBe('2026-12-21');
    expect(dueDateForTerms('2026-12-15', 'Net 60')).toBe('2027-02-13');
    expect(dueDateForTerms('2026-11-21', 'Due on Receipt')).toBe('2026-11-21');
    expect(dueDateForTerms('2026-11-21', 'COD')).toBe('2026-11-21');
  });

  it('shows the rate as a percent with 2 decimals and sends the percent back as the rate', () => {
    expect(taxRateToPercent('0.0875')).toBe('8.75');
    expect(taxRateToPercent('1.0000')).toBe('100.00');
    expect(taxRateToPercent('0.0000')).toBe('0.00');
    expect(taxPercentToRate('8.75')).toBe('0.0875');
    expect(taxPercentToRate('8.5')).toBe('0.0850');
    expect(taxPercentToRate('100')).toBe('1.0000');
    // Left as typed, so that the schema refuses it with the spec's message.
    expect(taxPercentToRate('8.755')).toBe('8.755');
    expect(
      invoiceSchema.safeParse({ ...invoice, taxRate: taxPercentToRate('8.755') }).error?.issues[0]
        ?.message,
    ).toBe('Tax rate must be between 0 and 100%');
    expect(
      invoiceSchema.safeParse({ ...invoice, taxRate: taxPercentToRate('100.01') }).error?.issues[0]
        ?.message,
    ).toBe('Tax rate must be between 0 and 100%');
  });

  it("has the spec's badge colours, grey for anything else", () => {
    expect(INVOICE_STATUS_PALETTE).toEqual({
      Draft: 'gray',
      Unpaid: 'yellow',
      'Partially Paid': 'orange',
      Paid: 'green',
      Overdue: 'red',
    });
  });
});
