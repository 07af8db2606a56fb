import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../../features/products/ProductsPage';
import { findTab } from '../../../features/products/types';

export interface ProductsSearch {
  /** The category tab, e.g. 'stoppers'; absent is All Products. */
  tab?: string;
  /** The list's text filter (SKU and name). */
  q?: string;
}

export const Route = createFileRoute('/_app/products/')({
  validateSearch: (search: Record<string, unknown>): ProductsSearch => {
    const tab =
      typeof search.tab === 'string' ? findTab(search.tab.toLowerCase())?.param : undefined;
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, 100) : '';
    return { ...(tab ? { tab } : {}), ...(q ? { q } : {}) };
  },
  component: ProductsPage,
});
