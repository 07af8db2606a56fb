import { linkOptions } from '@tanstack/react-router';
import { LuSiren } from 'react-icons/lu';
import { defineFeature } from '../define';

export const recall = defineFeature({
  nav: { to: '/recall', label: 'Recall', icon: LuSiren },
  search: (results) =>
    results.lots.map((lot) => ({
      key: `lot-${lot.lotNumber}`,
      group: 'Lots',
      title: lot.lotNumber,
      detail: `${lot.invoiceCount} ${lot.invoiceCount === 1 ? 'invoice' : 'invoices'} · recall`,
      link: linkOptions({ to: '/recall', search: { lot: lot.lotNumber } }),
    })),
});
