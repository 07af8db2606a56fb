import { linkOptions } from '@tanstack/react-router';
import { LuBuilding2 } from 'react-icons/lu';
import { defineFeature } from '../define';

export const pharmacies = defineFeature({
  nav: { to: '/pharmacies', label: 'Pharmacies', icon: LuBuilding2 },
  activity: { type: 'pharmacy', one: 'Pharmacy', many: 'Pharmacies' },
  search: (results) =>
    results.pharmacies.map((pharmacy) => ({
      key: `pharmacy-${pharmacy.id}`,
      group: 'Pharmacies',
      title: pharmacy.name,
      detail: pharmacy.email,
      link: linkOptions({ to: '/pharmacies/$id', params: { id: pharmacy.id } }),
    })),
});
