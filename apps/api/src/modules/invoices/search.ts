import { searchDocuments } from '../documents/search.js';
import type { SearchGroup } from '../../lib/search.js';
import { invoiceEntity } from './entity.js';

/** Invoices by number or pharmacy name, newest first, with their balance. */
export const invoiceSearch: SearchGroup = {
  key: 'invoices',
  permission: 'invoices.read',
  find: async (db, { text, pharmacyIds }) => {
    const rows = await searchDocuments(
      db,
      {
        table: 'invoices',
        kind: invoiceEntity.numberPrefix!,
        number: 'invoice_number',
        amount: 'balance',
      },
      text,
      await pharmacyIds(),
    );
    return rows.map(({ id, number, amount, name }) => ({
      id,
      invoiceNumber: number,
      balance: amount,
      pharmacy: { name },
    }));
  },
};
