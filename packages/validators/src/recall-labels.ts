/**
 * A recall's classes, its notices' statuses and channels, and their labels: no schema, so that a
 * screen showing them (a recall's page) does not load zod.
 */

/** Issue 30: a recall's class, as the FDA grades them (I: the most serious). */
export const RECALL_CLASSES = ['I', 'II', 'III'] as const;
export type RecallClass = (typeof RECALL_CLASSES)[number];

/** A pharmacy's notice moves forward only, one step at a time. */
export const RECALL_NOTICE_STATUSES = ['to_notify', 'notified', 'acknowledged'] as const;
export type RecallNoticeStatus = (typeof RECALL_NOTICE_STATUSES)[number];

export const RECALL_NOTICE_STATUS_LABELS: Record<RecallNoticeStatus, string> = {
  to_notify: 'To notify',
  notified: 'Notified',
  acknowledged: 'Acknowledged',
};

export const RECALL_NOTICE_STATUS_PALETTE: Record<RecallNoticeStatus, string> = {
  to_notify: 'red',
  notified: 'yellow',
  acknowledged: 'green',
};

/** How a pharmacy was told. */
export const RECALL_NOTICE_CHANNELS = ['email', 'phone', 'letter'] as const;
export type RecallNoticeChannel = (typeof RECALL_NOTICE_CHANNELS)[number];

export const RECALL_NOTICE_CHANNEL_LABELS: Record<RecallNoticeChannel, string> = {
  email: 'Email',
  phone: 'Phone',
  letter: 'Letter',
};

/** Most lots one recall takes: a recall names the lots of one problem, not a catalogue. */
export const RECALL_MAX_LOTS = 50;
