import { INVOICE_STATUS_PALETTE, ORDER_STATUS_PALETTE } from '@pharm/validators';

/**
 * The order and the invoice: what differs between their forms and form pages. `details` is the
 * description of the form's details card; `skeleton` the form's shape while it loads: the spans
 * (of 3 columns) of its details' fields, the summary's rows and the line items' rows.
 */
export const DOCUMENT_KINDS = {
  Order: {
    list: '/orders',
    colors: ORDER_STATUS_PALETTE,
    newDescription: 'Create a purchase order for a pharmacy.',
    editDescription: 'Update the order and its line items.',
    details: 'Who the order is for, when, and how it ships.',
    notesPlaceholder: 'Delivery instructions, lot requirements, ...',
    summaryWidth: '300px',
    summaryGap: '3',
    skeleton: { spans: [3, 1, 2, 3], summaryRows: 4, lines: 3 },
  },
  Invoice: {
    list: '/invoices',
    colors: INVOICE_STATUS_PALETTE,
    newDescription: 'Bill a pharmacy, from one of its orders or for an amount.',
    editDescription: 'Update the invoice and its amounts.',
    details: 'Who is billed, from which order, and when.',
    notesPlaceholder: 'Payment instructions, references, ...',
    summaryWidth: '320px',
    summaryGap: '4',
    skeleton: { spans: [3, 3, 1, 1, 1, 3], summaryRows: 5, lines: 0 },
  },
} as const;

export type DocumentNoun = keyof typeof DOCUMENT_KINDS;
