import { defineEntity } from '../../lib/entity.js';

export const orderEntity = defineEntity({
  table: 'orders',
  label: 'Order',
  lockRank: 30,
  numberPrefix: 'ORD',
  activity: { type: 'order', label: (s) => s.orderNumber },
});
