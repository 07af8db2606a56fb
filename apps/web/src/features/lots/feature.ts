import { linkOptions } from '@tanstack/react-router';
import { LOT_STATUS_LABELS } from '@pharm/validators';
import { defineFeature } from '../define';

/** Lots (issue 30): kept in the history, found by number in the search. */
export const lots = defineFeature({
  activity: { type: 'lot', one: 'Lot', many: 'Lots' },
  search: (results) =>
    results.lotRecords.map((lot) => ({
      key: `lot-${lot.id}`,
      group: 'Lots',
      title: lot.lotNumber,
      detail: `${lot.sku} · expires ${lot.expiryDate} · ${LOT_STATUS_LABELS[lot.status]}`,
      link: linkOptions({ to: '/products', search: { q: lot.sku } }),
    })),
});
