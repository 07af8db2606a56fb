import { defineEntity } from '../../lib/entity.js';

/** Locked at the payment's rank: a transaction takes one source, after the invoices. */
export const creditNoteEntity = defineEntity({
  table: 'creditNotes',
  label: 'Credit note',
  lockRank: 50,
  numberPrefix: 'CRN',
  activity: { type: 'creditNote', label: (s) => s.number },
});
