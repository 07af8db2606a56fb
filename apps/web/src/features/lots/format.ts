import { LOT_STATUSES, type LotStatus } from '@pharm/validators/lot-labels';

/** Badge palettes of a lot's status. */
export const LOT_STATUS_COLORS: Record<LotStatus, string> = {
  released: 'green',
  quarantined: 'purple',
  on_hold: 'orange',
  recalled: 'red',
};

/** The Lots list's search params: `status` and `within` (expiring within N days), both optional. */
export function lotsSearch(search: Record<string, unknown>): {
  status?: LotStatus;
  within?: number;
} {
  const status = LOT_STATUSES.find((s) => s === search.status);
  const within = Number(search.within);
  return {
    ...(status ? { status } : {}),
    ...(Number.isInteger(within) && within >= 0 && within <= 36_500 ? { within } : {}),
  };
}
