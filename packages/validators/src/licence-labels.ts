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

/** The DEA schedules a product may carry and a registration may cover (N: non-narcotic). */
export const CONTROLLED_SCHEDULES = ['II', 'IIN', 'III', 'IIIN', 'IV', 'V'] as const;
export type ControlledSchedule = (typeof CONTROLLED_SCHEDULES)[number];

/** The states, DC and the territories a US licence names. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN',
  'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH',
  'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT',
  'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'PR', 'GU', 'VI', 'AS', 'MP',
] as const; // prettier-ignore
export type UsState = (typeof US_STATES)[number];

/**
 * The state of an address whose last line ends in "City, ST 12345" (or ZIP+4); null otherwise.
 * The server fills a pharmacy's shipping state from it when a save does not give one; migration
 * 0014 applies the same pattern to the rows it found.
 */
export function stateOfAddress(address: string | null | undefined): UsState | null {
  const match = /([A-Za-z]{2})\s+\d{5}(?:-\d{4})?\s*$/.exec(address ?? '');
  const state = match?.[1]?.toUpperCase();
  return (US_STATES as readonly string[]).includes(state ?? '') ? (state as UsState) : null;
}
