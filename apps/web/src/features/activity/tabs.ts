import {
  ACTIVITY_ENTITY_TYPES,
  type AccessEntityType,
  type LoggedEntityType,
} from '@pharm/validators/entities';
import { FEATURES, type AppFeature } from '..';

type Named = Extract<AppFeature, { activity: object }>;

/** Every record type the log keeps: one that no feature names does not compile. */
const TYPES: readonly Named['activity']['type'][] = ACTIVITY_ENTITY_TYPES;

const named = FEATURES.flatMap((feature) => ('activity' in feature ? [feature] : []));

/** Users, invitations and API tokens (issue 26): in the log for admins, with no tab of their own. */
const ACCESS_NAMES: Record<AccessEntityType, { one: string; many: string }> = {
  user: { one: 'User', many: 'Users' },
  invitation: { one: 'Invitation', many: 'Invitations' },
  apiToken: { one: 'API token', many: 'API tokens' },
};

/** The record types by name, singular and for the Activity page's tabs. */
export const ENTITY_NAMES = {
  ...Object.fromEntries(named.map(({ activity: { type, one, many } }) => [type, { one, many }])),
  ...ACCESS_NAMES,
} as Record<LoggedEntityType, { one: string; many: string }>;

export const ACTIVITY_TABS = [
  { value: 'all', label: 'All' },
  ...TYPES.map((type) => ({ value: type, label: ENTITY_NAMES[type].many })),
] as const;

type Listed = Extract<Named, { nav: object }>;

/**
 * The list page that finds a record by its label (number, name or SKU), while it exists: its
 * feature's menu item. The business settings are one row with a page of their own, not a list.
 */
export const RECORD_LIST: Partial<Record<LoggedEntityType, Listed['nav']['to']>> =
  Object.fromEntries(
    named.flatMap((feature) => ('nav' in feature ? [[feature.activity.type, feature.nav.to]] : [])),
  );
