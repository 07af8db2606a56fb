import { describe, expect, it } from 'vitest';
import { invoiceDisplayStatus, INVOICE_STATUS_PALETTE } from './invoices.js';

describe('invoiceDisplayStatus', () => {
  const today = '2026-05-10';
  const invoice = (
    status: 'Draft' | 'Unpaid' | 'Partially Paid' | 'Paid',
    dueDate: string,
    balance: string,
  ) => invoiceDisplayStatus({ status, dueDate, balance }, today);

  it('is Overdue only past the due date, with a balance above 0, and never when Paid', () => {
    expect(invoice('Unpaid', '2026-05-09', '10.00')).toBe('Overdue');
    expect(invoice('Partially Paid', '2025-12-31', '0.01')).toBe('Overdue');
    expect(invoice('Unpaid', '2026-05-10', '10.00')).toBe('Unpaid');
    expect(invoice('Unpaid', '2026-05-09', '0.00')).toBe('Unpaid');
    expect(invoice('Paid', '2026-01-01', '5.00')).toBe('Paid');
    expect(invoice('Partially Paid', '2026-06-01', '5.00')).toBe('Partially Paid');
  });

  it("has the spec's badge colours", () => {
    expect(INVOICE_STATUS_PALETTE).toEqual({
      Unpaid: 'yellow',
      'Partially Paid': 'orange',
      Paid: 'green',
      Overdue: 'red',
    });
  });
});
