import type { ActivityEntityType } from '@pharm/validators';
import { api } from '../../lib/api';
import { LIST_PAGE_SIZE, listPaging, listSearch, type ListSearch } from '../lists/route';
import { ACTIVITY_TABS } from './tabs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tabSearch = listSearch(ACTIVITY_TABS);

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
