import { LuMail } from 'react-icons/lu';
import { defineFeature } from '../define';

/** The outbox (issue 28): the emails sent and waiting. */
export const emails = defineFeature({
  nav: { to: '/outbox', label: 'Outbox', icon: LuMail, permission: 'emails.read' },
});
