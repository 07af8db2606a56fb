// Plain constants, no zod: the lots list's search check (a route option, so the sign-in screen's
// first load) and the signed-in frame's search results read them.

/** Issue 30: a lot's status. Only a released lot ships; expired is derived, never a status. */
export const LOT_STATUSES = ['released', 'quarantined', 'on_hold', 'recalled'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  released: 'Released',
  quarantined: 'Quarantined',
  on_hold: 'On hold',
  recalled: 'Recalled',
};
