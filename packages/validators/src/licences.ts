import { z } from 'zod';
import {
  calendarDate,
  isoDate,
  optionalText,
  recordId,
  requiredText,
  timestamp,
} from './common.js';
import { addDaysIso } from './dates.js';
import {
  LICENCE_DOCUMENT_MAX_BYTES,
  LICENCE_KINDS,
  LICENCE_PROBLEMS,
  CONTROLLED_SCHEDULES,
  LICENCE_STATUSES,
  type LicenceStatus,
  US_STATES,
} from './licence-labels.js';

/** A state as typed ('il' → 'IL'); '' or nothing is none. */
export const usStateField = (label: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() || null : value),
      z.enum(US_STATES, { error: `${label} must be a US two-letter state code` }).nullish(),
    )
    .transform((value) => value ?? null);

/** From today ('YYYY-MM-DD'): expired the day after `expiresOn`, expiring within `warningDays`. */
export function licenceStatus(
  expiresOn: string | null,
  today: string,
  warningDays: number,
): LicenceStatus {
  if (expiresOn === null) return 'no_expiry';
  if (expiresOn < today) return 'expired';
  return expiresOn <= addDaysIso(today, warningDays) ? 'expiring' : 'valid';
}

const optionalDate = (label: string) =>
  z
    .preprocess(
      (value) => (value === '' ? null : value),
      isoDate(`${label} is required`, label).nullish(),
    )
    .transform((value) => value ?? null);

/** POST /api/pharmacies/{id}/licences and PUT /api/licences/{id}. */
export const licenceSchema = z
  .object({
    kind: z.enum(LICENCE_KINDS, {
      error: `Kind must be one of ${LICENCE_KINDS.join(', ')}`,
    }),
    number: requiredText(100, 'Licence number is required', 'Licence number'),
    state: usStateField('State'),
    schedules: z
      .array(
        z.enum(CONTROLLED_SCHEDULES, {
          error: `Schedules must be among ${CONTROLLED_SCHEDULES.join(', ')}`,
        }),
      )
      .default([])
      .transform((list) => CONTROLLED_SCHEDULES.filter((s) => list.includes(s))),
    issuedOn: optionalDate('Issue date'),
    expiresOn: optionalDate('Expiry date'),
    /** True marks it verified by the signed-in user (kept when it already was); false clears it. */
    verified: z.boolean({ error: 'Verified must be true or false' }).default(false),
    notes: optionalText(5000, 'Notes'),
  })
  .superRefine((licence, ctx) => {
    const needsState = licence.kind === 'state_pharmacy' || licence.kind === 'resale_certificate';
    if (needsState && !licence.state) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'State is required' });
    }
    if (licence.kind === 'dea' && licence.schedules.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['schedules'],
        message: 'A DEA registration covers at least one schedule',
      });
    }
    if (licence.kind !== 'dea' && licence.schedules.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['schedules'],
        message: 'Only a DEA registration covers schedules',
      });
    }
    if (licence.issuedOn && licence.expiresOn && licence.expiresOn < licence.issuedOn) {
      ctx.addIssue({
        code: 'custom',
        path: ['expiresOn'],
        message: 'Expiry date must not be before the issue date',
      });
    }
  });
export type LicenceInput = z.input<typeof licenceSchema>;
export type LicenceData = z.output<typeof licenceSchema>;

export const LICENCE_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** POST /api/licences/{id}/document: the file as base64 in JSON (the request guard refuses multipart). */
export const licenceDocumentSchema = z.object({
  fileName: optionalText(255, 'File name'),
  contentBase64: z
    .string({ error: 'The document is required' })
    .min(1, 'The document is required')
    .max(Math.ceil(LICENCE_DOCUMENT_MAX_BYTES / 3) * 4 + 4, 'The document must be at most 5 MiB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The document must be base64'),
});

export const licenceOutput = z.object({
  id: recordId,
  pharmacyId: recordId,
  kind: z.enum(LICENCE_KINDS),
  number: z.string(),
  state: z.string().nullable(),
  schedules: z.array(z.enum(CONTROLLED_SCHEDULES)),
  issuedOn: calendarDate.nullable(),
  expiresOn: calendarDate.nullable(),
  verifiedAt: timestamp.nullable(),
  /** Who verified it, by name (or email). */
  verifiedBy: z.string().nullable(),
  hasDocument: z.boolean(),
  documentType: z.enum(LICENCE_DOCUMENT_TYPES).nullable(),
  documentName: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(LICENCE_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type LicenceOutput = z.output<typeof licenceOutput>;

/** GET /api/licences/issues: each pharmacy with at least one problem, by name. */
export const licenceIssuesOutput = z.object({
  counts: z.object({
    expired: z.number(),
    expiring: z.number(),
    missing: z.number(),
    no_expiry: z.number(),
  }),
  pharmacies: z.array(
    z.object({
      pharmacyId: recordId,
      pharmacyName: z.string(),
      shippingState: z.string().nullable(),
      problems: z.array(
        z.object({
          problem: z.enum(LICENCE_PROBLEMS),
          licenceId: recordId.nullable(),
          kind: z.enum(LICENCE_KINDS),
          number: z.string().nullable(),
          expiresOn: calendarDate.nullable(),
          message: z.string(),
        }),
      ),
    }),
  ),
});
export type LicenceIssues = z.output<typeof licenceIssuesOutput>;

/** What the order form shows under the pharmacy picker; null when the pharmacy may be shipped. */
export const licenceWarningOutput = z
  .object({ message: z.string(), overridable: z.boolean() })
  .nullable();

/** Why the 409 `LICENCE_REQUIRED` was answered (also as its issue's path when an admin may override). */
export const LICENCE_OVERRIDE_FIELD = 'licenceOverrideReason';
