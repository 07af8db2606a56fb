import { defineEntity } from '../../lib/entity.js';

export const paymentEntity = defineEntity({
  table: 'payments',
  label: 'Payment',
  lockRank: 50,
  numberPrefix: 'PAY',
  activity: { type: 'payment', label: (s) => s.paymentNumber },
  softDeleted: true,
});
