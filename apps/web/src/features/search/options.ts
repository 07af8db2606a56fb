import { FEATURES, type AppFeature } from '..';
import type { SearchResults } from '../define';

export type SearchOption = ReturnType<Extract<AppFeature, { search: unknown }>['search']>[number];

/** The results in the panel's order, one list, so the arrow keys walk across the groups. */
export function searchOptions(results: SearchResults): SearchOption[] {
  return FEATURES.flatMap<SearchOption>((feature) =>
    'search' in feature ? feature.search(results) : [],
  );
}
