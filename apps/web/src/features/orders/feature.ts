import { linkOptions } from '@tanstack/react-router';
import { LuShoppingCart } from 'react-icons/lu';
import { formatUsd } from '@pharm/validators/money';
import { ORDER_STATUS_PALETTE } from '@pharm/validators/statuses';
import { defineFeature } from '../define';

export const orders = defineFeature({
  nav: { to: '/orders', label: 'Orders', icon: LuShoppingCart },
  activity: { type: 'order', one: 'Order', many: 'Orders' },
  document: {
    noun: 'Order',
    list: '/orders',
    colors: ORDER_STATUS_PALETTE,
    newDescription: 'Create a purchase order for a pharmacy.',
    editDescription: 'Update the order and its line items.',
    details: 'Who the order is for, when, and how it ships.',
    notesPlaceholder: 'Delivery instructions, lot requirements, ...',
    summaryWidth: '300px',
    summaryGap: '3',
    skeleton: { spans: [3, 1, 2, 3], summaryRows: 4, lines: 3 },
  },
  search: (results) =>
    results.orders.map((order) => ({
      key: `order-${order.id}`,
      group: 'Orders',
      title: order.orderNumber,
      detail: `${order.pharmacy.name} · ${formatUsd(order.total)}`,
      link: linkOptions({ to: '/orders/$id', params: { id: order.id } }),
    })),
});
