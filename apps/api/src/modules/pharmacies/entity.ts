import { defineEntity } from '../../lib/entity.js';

export const pharmacyEntity = defineEntity({
  table: 'pharmacies',
  label: 'Pharmacy',
  lockRank: 10,
  activity: { type: 'pharmacy', label: (s) => s.name },
});
