// Plain constants, no zod: the web's signed-in frame (the search's licence results) and the
// pharmacies list read them on their first load, and a pharmacy's page its licences' statuses.

/** Issue 29: what a pharmacy may hold. */
export const LICENCE_KINDS = [
  'state_pharmacy',
  'dea',
  'outsourcing_503b',
  'resale_certificate',
] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

export const LICENCE_KIND_LABELS: Record<LicenceKind, string> = {
  state_pharmacy: 'State pharmacy licence',
  dea: 'DEA registration',
  outsourcing_503b: '503B registration',
  resale_certificate: 'Resale certificate',
};

export const LICENCE_STATUSES = ['valid', 'expiring', 'expired', 'no_expiry'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export const LICENCE_STATUS_LABELS: Record<LicenceStatus, string> = {
  valid: 'Valid',
  expiring: 'Expiring',
  expired: 'Expired',
  no_expiry: 'No expiry date',
};

/** The largest document kept: 5 MiB once decoded. */
export const LICENCE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

export const LICENCE_PROBLEMS = ['expired', 'expiring', 'missing', 'no_expiry'] as const;
export type LicenceProblemKind = (typeof LICENCE_PROBLEMS)[number];

export const LICENCE_PROBLEM_LABELS: Record<LicenceProblemKind, string> = {
  expired: 'Expired',
  expiring: 'Expiring soon',
  missing: 'Missing for the shipping state',
  no_expiry: 'No expiry date',
};
