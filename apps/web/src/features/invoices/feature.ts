import { linkOptions } from '@tanstack/react-router';
import { LuFileText } from 'react-icons/lu';
import { formatUsd } from '@pharm/validators/money';
import { INVOICE_STATUS_PALETTE } from '@pharm/validators/statuses';
import { defineFeature } from '../define';

export const invoices = defineFeature({
  nav: { to: '/invoices', label: 'Invoices', icon: LuFileText },
  activity: { type: 'invoice', one: 'Invoice', many: 'Invoices' },
  document: {
    noun: 'Invoice',
    list: '/invoices',
    colors: INVOICE_STATUS_PALETTE,
    newDescription: 'Bill a pharmacy, from one of its orders or for an amount.',
    editDescription: 'Update the invoice and its amounts.',
    details: 'Who is billed, from which order, and when.',
    notesPlaceholder: 'Payment instructions, references, ...',
    summaryWidth: '320px',
    summaryGap: '4',
    skeleton: { spans: [3, 3, 1, 1, 1, 3], summaryRows: 5, lines: 0 },
  },
  search: (results) =>
    results.invoices.map((invoice) => ({
      key: `invoice-${invoice.id}`,
      group: 'Invoices',
      title: invoice.invoiceNumber,
      detail: `${invoice.pharmacy.name} · ${formatUsd(invoice.balance)} outstanding`,
      link: linkOptions({ to: '/invoices/$id', params: { id: invoice.id } }),
    })),
});
