import { defineEntity } from '../../lib/entity.js';

/** Locked after its pharmacy (rank 10), which a licence change locks first (gate.ts). */
export const licenceEntity = defineEntity({
  table: 'licences',
  label: 'Licence',
  lockRank: 15,
  activity: { type: 'licence', label: (s) => `${String(s.kind)} ${String(s.number)}` },
});
