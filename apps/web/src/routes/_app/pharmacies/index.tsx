import { createFileRoute } from '@tanstack/react-router';
import { PharmaciesPage } from '../../../features/pharmacies/PharmaciesPage';

export interface PharmaciesSearch {
  /** The list's text filter (name, contact, email). */
  q?: string;
}

export const Route = createFileRoute('/_app/pharmacies/')({
  validateSearch: (search: Record<string, unknown>): PharmaciesSearch => {
    const q = typeof search.q === 'string' ? search.q.trim().slice(0, 100) : '';
    return q ? { q } : {};
  },
  component: PharmaciesPage,
});
