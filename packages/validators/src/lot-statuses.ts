// Plain constants, no zod (also exported as @pharm/validators/lot-statuses): the web app's Lots
// route checks its `status` search param with them, and route options are part of its first load.

/** Issue 30: a lot's status. Only a released lot ships; expired is derived, never a status. */
export const LOT_STATUSES = ['released', 'quarantined', 'on_hold', 'recalled'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];

export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  released: 'Released',
  quarantined: 'Quarantined',
  on_hold: 'On hold',
  recalled: 'Recalled',
};
