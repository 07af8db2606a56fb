import { formatUsd } from '@pharm/validators/money';
import type { RouterOutputs } from '../../lib/trpc';

export type SearchResults = RouterOutputs['search']['find'];

/** Where a result goes: its list page, filtered to it where that list has a filter. */
export type SearchLink =
  | { to: '/orders'; search: { q: string } }
  | { to: '/invoices'; search: { q: string } }
  | { to: '/pharmacies'; search: { q: string } }
  | { to: '/products'; search: { q: string } }
  | { to: '/recall'; search: { lot: string } };

export interface SearchOption {
  key: string;
  group: 'Orders' | 'Invoices' | 'Pharmacies' | 'Products' | 'Lots';
  title: string;
  detail: string;
  link: SearchLink;
}

/** The results in the panel's order, one list, so the arrow keys walk across the groups. */
export function searchOptions(results: SearchResults): SearchOption[] {
  return [
    ...results.orders.map((order): SearchOption => ({
      key: `order-${order.id}`,
      group: 'Orders',
      title: order.orderNumber,
      detail: `${order.pharmacy.name} · ${formatUsd(order.total)}`,
      link: { to: '/orders', search: { q: order.orderNumber } },
    })),
    ...results.invoices.map((invoice): SearchOption => ({
      key: `invoice-${invoice.id}`,
      group: 'Invoices',
      title: invoice.invoiceNumber,
      detail: `${invoice.pharmacy.name} · ${formatUsd(invoice.balance)} outstanding`,
      link: { to: '/invoices', search: { q: invoice.invoiceNumber } },
    })),
    ...results.pharmacies.map((pharmacy): SearchOption => ({
      key: `pharmacy-${pharmacy.id}`,
      group: 'Pharmacies',
      title: pharmacy.name,
      detail: pharmacy.email,
      link: { to: '/pharmacies', search: { q: pharmacy.name } },
    })),
    ...results.products.map((product): SearchOption => ({
      key: `product-${product.id}`,
      group: 'Products',
      title: product.name,
      detail: `${product.sku} · ${product.category}`,
      link: { to: '/products', search: { q: product.sku } },
    })),
    ...results.lots.map((lot): SearchOption => ({
      key: `lot-${lot.lotNumber}`,
      group: 'Lots',
      title: lot.lotNumber,
      detail: `${lot.invoiceCount} ${lot.invoiceCount === 1 ? 'invoice' : 'invoices'} · recall`,
      link: { to: '/recall', search: { lot: lot.lotNumber } },
    })),
  ];
}
