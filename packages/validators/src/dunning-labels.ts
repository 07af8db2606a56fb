// Plain constants, no zod: the settings screen's dunning panel and the dunning screen read them
// on their first load.

/** Levels a business may set; more would only be noise to the pharmacy. */
export const MAX_DUNNING_LEVELS = 6;

export const DUNNING_NOTICE_STATUSES = ['draft', 'queued', 'skipped', 'cancelled'] as const;
export type DunningNoticeStatusName = (typeof DUNNING_NOTICE_STATUSES)[number];

export const DUNNING_NOTICE_STATUS_LABELS: Record<DunningNoticeStatusName, string> = {
  draft: 'To approve',
  queued: 'Approved',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};
