import { linkOptions } from '@tanstack/react-router';
import { LuReceiptText } from 'react-icons/lu';
import { formatUsd } from '@pharm/validators/money';
import { defineFeature } from '../define';

/** Credit notes (issue 27): returns and allowances credited to a pharmacy's account. */
export const creditNotes = defineFeature({
  nav: { to: '/credit-notes', label: 'Credit Notes', icon: LuReceiptText },
  activity: { type: 'creditNote', one: 'Credit note', many: 'Credit notes' },
  search: (results) =>
    results.creditNotes.map((note) => ({
      key: `credit-note-${note.id}`,
      group: 'Credit notes',
      title: note.number,
      detail: `${note.pharmacy.name} · ${formatUsd(note.total)}`,
      link: linkOptions({ to: '/credit-notes/$id', params: { id: note.id } }),
    })),
});
