import { searchId } from '../../lib/params';

/**
 * The Recalls list's search params: `status` (open or closed) and `newLot`, a lot to open the
 * new recall dialog with (a lot's page links here with it).
 */
export function recallsSearch(search: Record<string, unknown>): {
  status?: 'open' | 'closed';
  newLot?: number;
} {
  const status = search.status === 'open' || search.status === 'closed' ? search.status : undefined;
  const newLot = searchId(search.newLot);
  return { ...(status ? { status } : {}), ...(newLot ? { newLot } : {}) };
}
