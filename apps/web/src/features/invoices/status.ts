import { displayInvoiceStatus, todayIso, toCents, type InvoiceStatus } from '@pharm/validators';

/** The spec's Mark Paid rule: shown while the status is not Paid and the balance is 0 or less. */
export function canMarkPaid(invoice: { status: InvoiceStatus; balance: string }): boolean {
  return invoice.status !== 'Paid' && toCents(invoice.balance) <= 0;
}

/** The status a badge shows: the stored one, or Overdue as of today (spec §4). */
export function shownStatus(invoice: {
  status: InvoiceStatus;
  dueDate: string;
  balance: string;
}): InvoiceStatus | 'Overdue' {
  return displayInvoiceStatus(invoice, todayIso());
}
