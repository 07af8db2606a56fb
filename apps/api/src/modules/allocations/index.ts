import { defineModule } from '../../lib/module.js';
import { allocationsRouter } from './router.js';

export const allocationsModule = defineModule({
  name: 'allocations',
  description:
    'Cash application: money from payments and credit notes applied to invoices, voided, never deleted',
  router: allocationsRouter,
  constraints: {
    allocations_amount_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Amount must be greater than 0',
    },
    allocations_invoice_pharmacy_fkey: {
      code: 'INVALID',
      path: ['invoiceId'],
      message: () => "An allocation belongs to its invoice's pharmacy",
    },
    payments_unapplied_check: {
      code: 'CONFLICT',
      path: ['amount'],
      message: () => 'A payment cannot be applied or refunded beyond its amount',
    },
    credit_notes_unapplied_check: {
      code: 'CONFLICT',
      path: ['amount'],
      message: () => 'A credit note cannot be applied or refunded beyond its total',
    },
  },
});
