import { ACTIVITY_ENTITY_TYPES, type ActivityEntityType } from '@pharm/validators/entities';
import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The types alone: the tabs' names load with the page, not with the route (first-load budget).
const tabSearch = listSearch(ACTIVITY_ENTITY_TYPES.map((value) => ({ value })));

export type ActivitySearch = Omit<ListSearch<ActivityEntityType | 'all'>, 'q'> & { user?: string };

/**
 * The Activity page's search params: `tab`, the record type shown (absent: all), and `user`, whose
 * changes (absent: everyone's). Anything else is left out.
 */
export function activitySearch(search: Record<string, unknown>): ActivitySearch {
  const { tab } = tabSearch(search);
  const user = typeof search.user === 'string' && UUID.test(search.user) ? search.user : undefined;
  return { ...(tab ? { tab } : {}), ...(user ? { user } : {}) };
}

/** The page's first rows for its search params: the route's loader and the page share them. */
export const activityList = ({ tab, user }: ActivitySearch) =>
  api.activity.list.infiniteQueryOptions(
    { entityType: tab, userId: user, limit: LIST_PAGE_SIZE },
    listPaging,
  );
