import { defineModule } from '../../lib/module.js';
import { invoiceSearch } from './search.js';
import { invoiceFiles } from './files.js';
import { invoicePdf } from './pdf.js';
import { invoicesRouter } from './router.js';

export const invoicesModule = defineModule({
  name: 'invoices',
  description: 'Invoices: their line items, lots, totals and balances',
  router: invoicesRouter,
  constraints: {
    invoices_invoice_number_key: {
      code: 'DUPLICATE',
      path: ['invoiceNumber'],
      message: () => 'This invoice number is already taken',
    },
    invoice_line_items_qty_check: {
      code: 'INVALID',
      path: ['qty'],
      message: () => 'Quantity must be at least 1',
    },
    invoices_status_check: { code: 'INVALID', path: ['status'], message: () => 'Invalid status' },
    // The money rules of docs/rules.md §3 as the database keeps them. The services check each
    // first with a message naming the amounts; these answer only if one slipped past them.
    invoices_amounts_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Amount, shipping and tax must not be negative, and the tax rate at most 100%',
    },
    invoices_total_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Total must be the amount plus tax plus shipping',
    },
    invoices_balance_check: {
      code: 'CONFLICT',
      path: ['amount'],
      message: () => 'Payments cannot exceed the invoice total',
    },
    invoices_status_balance_check: {
      code: 'CONFLICT',
      path: ['status'],
      message: () => 'The invoice status must agree with its balance',
    },
  },
  files: invoiceFiles,
  jobs: [invoicePdf],
  search: invoiceSearch,
});
