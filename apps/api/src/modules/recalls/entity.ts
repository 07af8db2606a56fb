import { defineEntity } from '../../lib/entity.js';

/**
 * Locked after the lots (rank 45) that opening a recall marks recalled; a notice's step and a
 * close lock only the recall, so two steps on one recall queue rather than race.
 */
export const recallEntity = defineEntity({
  table: 'recalls',
  label: 'Recall',
  lockRank: 50,
  numberPrefix: 'RCL',
  activity: { type: 'recall', label: (s) => s.number },
});
