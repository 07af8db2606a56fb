import type { LicenceProblemKind, LicenceStatus } from '@pharm/validators';

/** Badge palettes of a licence's status and of a licence problem. */
export const LICENCE_STATUS_COLORS: Record<LicenceStatus, string> = {
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
  no_expiry: 'gray',
};

export const LICENCE_PROBLEM_COLORS: Record<LicenceProblemKind, string> = {
  expired: 'red',
  expiring: 'orange',
  missing: 'red',
  no_expiry: 'gray',
};
