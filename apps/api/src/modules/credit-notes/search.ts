import { searchDocuments } from '../documents/search.js';
import type { SearchGroup } from '../../lib/search.js';
import { creditNoteEntity } from './entity.js';

/** Credit notes by number or pharmacy name, newest first, with their total. */
export const creditNoteSearch: SearchGroup = {
  key: 'creditNotes',
  permission: 'creditNotes.read',
  find: async (db, { text, pharmacyIds }) => {
    const rows = await searchDocuments(
      db,
      {
        table: 'credit_notes',
        kind: creditNoteEntity.numberPrefix!,
        number: 'credit_note_number',
        amount: 'total',
      },
      text,
      await pharmacyIds(),
    );
    return rows.map(({ id, number, amount, name }) => ({
      id,
      number,
      total: amount,
      pharmacy: { name },
    }));
  },
};
