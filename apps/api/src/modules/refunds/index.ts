import { defineModule } from '../../lib/module.js';
import { refundsRouter } from './router.js';

export const refundsModule = defineModule({
  name: 'refunds',
  description: "Refunds of a payment's or credit note's unapplied rest",
  router: refundsRouter,
  constraints: {
    refunds_amount_check: {
      code: 'INVALID',
      path: ['amount'],
      message: () => 'Amount must be greater than 0',
    },
    refunds_method_check: {
      code: 'INVALID',
      path: ['method'],
      message: () => 'Invalid refund method',
    },
  },
});
