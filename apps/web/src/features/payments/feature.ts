import { linkOptions } from '@tanstack/react-router';
import { LuCreditCard } from 'react-icons/lu';
import { formatUsd } from '@pharm/validators/money';
import { defineFeature } from '../define';

export const payments = defineFeature({
  nav: { to: '/payments', label: 'Payments', icon: LuCreditCard },
  activity: { type: 'payment', one: 'Payment', many: 'Payments' },
  search: (results) =>
    results.payments.map((payment) => ({
      key: `payment-${payment.id}`,
      group: 'Payments',
      title: payment.paymentNumber,
      detail: `${payment.pharmacy.name} · ${formatUsd(payment.amount)}`,
      link: linkOptions({ to: '/payments/$id', params: { id: payment.id } }),
    })),
});
