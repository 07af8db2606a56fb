import { linkOptions } from '@tanstack/react-router';
import { LuSiren } from 'react-icons/lu';
import { defineFeature } from '../define';

/**
 * Recall by lot (issue 12): the menu's one Recall item, which also leads to the recall workflow
 * (features/recalls) through the tabs of both pages (RecallTabs).
 */
export const recall = defineFeature({
  nav: { to: '/recall', label: 'Recall', icon: LuSiren, alsoActiveOn: ['/recalls'] },
  search: (results) =>
    results.lots.map((lot) => ({
      key: `lot-${lot.lotNumber}`,
      group: 'Lots',
      title: lot.lotNumber,
      detail: `${lot.invoiceCount} ${lot.invoiceCount === 1 ? 'invoice' : 'invoices'} · recall`,
      link: linkOptions({ to: '/recall', search: { lot: lot.lotNumber } }),
    })),
});
