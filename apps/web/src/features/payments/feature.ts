import { LuCreditCard } from 'react-icons/lu';
import { defineFeature } from '../define';

export const payments = defineFeature({
  nav: { to: '/payments', label: 'Payments', icon: LuCreditCard },
  activity: { type: 'payment', one: 'Payment', many: 'Payments' },
});
