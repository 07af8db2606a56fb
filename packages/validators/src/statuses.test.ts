import { describe, expect, it } from 'vitest';
import { INVOICE_TABS, ORDER_TABS, tabStatus } from './statuses.js';

describe('tabStatus', () => {
  it('gives the status an orders tab keeps, none for All', () => {
    expect(tabStatus(ORDER_TABS, 'sent')).toBe('Sent');
    expect(tabStatus(ORDER_TABS, 'all')).toBeUndefined();
    expect(tabStatus(ORDER_TABS, undefined)).toBeUndefined();
  });

  it('gives the stored status an invoices tab keeps; Overdue is derived, none', () => {
    expect(tabStatus(INVOICE_TABS, 'partially_paid')).toBe('Partially Paid');
    expect(tabStatus(INVOICE_TABS, 'overdue')).toBeUndefined();
    expect(tabStatus(INVOICE_TABS, 'cancelled')).toBeUndefined();
  });
});
