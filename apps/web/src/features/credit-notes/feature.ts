import { LuReceiptText } from 'react-icons/lu';
import { defineFeature } from '../define';

/** Credit notes (issue 27): returns and allowances credited to a pharmacy's account. */
export const creditNotes = defineFeature({
  nav: { to: '/credit-notes', label: 'Credit Notes', icon: LuReceiptText },
  activity: { type: 'creditNote', one: 'Credit note', many: 'Credit notes' },
});
