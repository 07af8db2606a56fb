import { defineEntity } from '../../lib/entity.js';

export const invoiceEntity = defineEntity({
  table: 'invoices',
  label: 'Invoice',
  lockRank: 40,
  numberPrefix: 'INV',
  activity: { type: 'invoice', label: (s) => s.invoiceNumber },
});
