import { searchDocuments } from '../documents/search.js';
import type { SearchGroup } from '../../lib/search.js';
import { paymentEntity } from './entity.js';

/** Payments by number or pharmacy name, newest first, with their amount and unapplied rest. */
export const paymentSearch: SearchGroup = {
  key: 'payments',
  permission: 'payments.read',
  find: async (db, { text, pharmacyIds }) => {
    const rows = await searchDocuments(
      db,
      {
        table: 'payments',
        kind: paymentEntity.numberPrefix!,
        number: 'payment_number',
        amount: 'amount',
        deletedAt: 'deleted_at',
      },
      text,
      await pharmacyIds(),
    );
    return rows.map(({ id, number, amount, name }) => ({
      id,
      paymentNumber: number,
      amount,
      pharmacy: { name },
    }));
  },
};
