import { LuBellRing } from 'react-icons/lu';
import { defineFeature } from '../define';

/** Dunning (issue 28): the reminders proposed for overdue invoices, approved or skipped. */
export const dunning = defineFeature({
  nav: { to: '/dunning', label: 'Dunning', icon: LuBellRing, permission: 'dunning.read' },
});
