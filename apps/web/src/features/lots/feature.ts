import { linkOptions } from '@tanstack/react-router';
import { LOT_STATUS_LABELS } from '@pharm/validators/lot-labels';
import { LuBoxes } from 'react-icons/lu';
import { defineFeature } from '../define';

/** Lots (issue 30): kept in the history, found by number in the search. */
export const lots = defineFeature({
  nav: { to: '/lots', label: 'Lots', icon: LuBoxes },
  activity: { type: 'lot', one: 'Lot', many: 'Lots' },
  search: (results) =>
    results.lotRecords.map((lot) => ({
      key: `lot-${lot.id}`,
      group: 'Lots',
      title: lot.lotNumber,
      detail: `${lot.sku} · expires ${lot.expiryDate} · ${LOT_STATUS_LABELS[lot.status]}`,
      link: linkOptions({ to: '/lots/$id', params: { id: lot.id } }),
    })),
});
