import type { RouterOutputs } from '../../lib/trpc';

export type OrderListItem = RouterOutputs['orders']['list']['items'][number];
export type OrderDetails = RouterOutputs['orders']['get'];

/** The Items column: Σ qty followed by 'items'. */
export function itemsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} items`;
}
