import { defineModule } from '../../lib/module.js';
import { paymentFiles } from './files.js';
import { paymentSearch } from './search.js';
import { paymentsRouter } from './router.js';

export const paymentsModule = defineModule({
  name: 'payments',
  description: 'Payments against invoices',
  router: paymentsRouter,
  constraints: {
    payments_payment_number_key: {
      code: 'DUPLICATE',
      path: ['paymentNumber'],
      message: () => 'This payment number is already taken',
    },
    payment_idempotency_pkey: {
      code: 'CONFLICT',
      path: ['idempotencyKey'],
      message: () => 'This Idempotency-Key is being used by another request; please retry',
    },
    payments_amount_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Amount must be greater than 0',
    },
    payments_method_check: {
      code: 'INVALID',
      path: ['method'],
      message: () => 'Invalid payment method',
    },
    payments_invoice_pharmacy_fkey: {
      code: 'CONFLICT',
      path: ['pharmacyId'],
      message: () => "A payment belongs to its invoice's pharmacy",
    },
  },
  files: paymentFiles,
  search: paymentSearch,
});
