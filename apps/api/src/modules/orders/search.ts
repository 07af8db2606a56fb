import { searchDocuments } from '../documents/search.js';
import type { SearchGroup } from '../../lib/search.js';
import { orderEntity } from './entity.js';

/** Orders by number or pharmacy name, newest first, with their total. */
export const orderSearch: SearchGroup = {
  key: 'orders',
  permission: 'orders.read',
  find: async (db, { text, pharmacyIds }) => {
    const rows = await searchDocuments(
      db,
      { table: 'orders', kind: orderEntity.numberPrefix!, number: 'order_number', amount: 'total' },
      text,
      await pharmacyIds(),
    );
    return rows.map(({ id, number, amount, name }) => ({
      id,
      orderNumber: number,
      total: amount,
      pharmacy: { name },
    }));
  },
};
