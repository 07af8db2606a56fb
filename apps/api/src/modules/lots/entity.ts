import { defineEntity } from '../../lib/entity.js';

/**
 * Locked after the order (rank 30) and the invoice (rank 40) whose fulfilment or issue reads it
 * (gate.ts share-locks the lines' lots), before the document counter; a status change locks only
 * the lot, so it waits for a step that read the lot to commit.
 */
export const lotEntity = defineEntity({
  table: 'lots',
  label: 'Lot',
  lockRank: 45,
  activity: { type: 'lot', label: (s) => s.lotNumber },
});
