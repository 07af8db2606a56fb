import type { OrderStatus } from '@pharm/validators';
import type { RouterOutputs } from '../../lib/trpc';

export type OrderListItem = RouterOutputs['orders']['list']['items'][number];
export type OrderDetails = RouterOutputs['orders']['get'];

/** The list tabs; a tab's value is the status lower-cased. */
export const ORDER_TABS = [
  { value: 'all', label: 'All Orders' },
  { value: 'draft', label: 'Draft' },
  { value: 'sent', label: 'Sent' },
  { value: 'fulfilled', label: 'Fulfilled' },
] as const;
export type OrderTab = (typeof ORDER_TABS)[number]['value'];

const TAB_STATUS: Record<OrderTab, OrderStatus | undefined> = {
  all: undefined,
  draft: 'Draft',
  sent: 'Sent',
  fulfilled: 'Fulfilled',
};

export function tabStatus(tab: OrderTab): OrderStatus | undefined {
  return TAB_STATUS[tab];
}

/** The Items column: Σ qty followed by 'items'. */
export function itemsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} items`;
}
