import { z } from 'zod';
import { isoDate, recordId, timestamp } from './common.js';
import { EMAIL_STATUSES } from './email-labels.js';

/** The records an email is about, as `entityType`. */
export const EMAIL_ENTITY_TYPES = [
  'invoice',
  'order',
  'pharmacy',
  'invitation',
  'credit_note',
  'recall',
] as const;

const MAX_RECIPIENTS = 10;

/** One address, trimmed; `label` names the field in the message. */
export const emailAddress = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(255, `${label} must be at most 255 characters`)
    .pipe(z.email(`${label} must be a valid email address`));

/** An optional address: '' and null are none. */
export const optionalEmailAddress = (label: string) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      emailAddress(label).nullish(),
    )
    .transform((value) => value ?? null);

/**
 * Addresses given as a list or as text separated by commas or semicolons ("a@x.com; b@y.com"),
 * each checked; the message names the one that is not an address.
 */
export const addressList = (label: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${label} must be email addresses` })
    .transform((value, ctx) => {
      const parts = (Array.isArray(value) ? value : value.split(/[,;]/))
        .map((part) => part.trim())
        .filter(Boolean);
      if (parts.length > MAX_RECIPIENTS) {
        ctx.addIssue({ code: 'custom', message: `${label}: at most ${MAX_RECIPIENTS} addresses` });
        return z.NEVER;
      }
      for (const part of parts) {
        if (!z.email().safeParse(part).success || part.length > 255) {
          ctx.addIssue({
            code: 'custom',
            message: `${label}: "${part}" is not a valid email address`,
          });
          return z.NEVER;
        }
      }
      return parts;
    });

/** What the Email dialogs may change; left out, the template and the billing email decide. */
const emailOverrides = {
  cc: addressList('Cc').optional(),
  subject: z
    .string()
    .trim()
    .max(300, 'Subject must be at most 300 characters')
    .optional()
    .transform((value) => value || undefined),
  message: z
    .string()
    .trim()
    .max(5000, 'Message must be at most 5000 characters')
    .optional()
    .transform((value) => value || undefined),
};

/** POST /api/invoices/{id}/email */
export const invoiceEmailSchema = z.object({
  to: addressList('To').optional(),
  ...emailOverrides,
});
export type InvoiceEmailInput = z.input<typeof invoiceEmailSchema>;
export type InvoiceEmailData = z.output<typeof invoiceEmailSchema>;

/** POST /api/orders/{id}/email: the same fields as an invoice's. */
export const orderEmailSchema = invoiceEmailSchema;

/** POST /api/credit-notes/{id}/email: the same fields as an invoice's. */
export const creditNoteEmailSchema = invoiceEmailSchema;

/** POST /api/pharmacies/{id}/statement/email: the period (`from`, `to`) and the recipients. */
export const statementEmailSchema = z
  .object({
    from: isoDate('From date is required', 'From date'),
    to: isoDate('To date is required', 'To date'),
    recipients: addressList('To').optional(),
    ...emailOverrides,
  })
  .superRefine((value, ctx) => {
    if (value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To date must not precede From date' });
    }
  });
export type StatementEmailInput = z.input<typeof statementEmailSchema>;
export type StatementEmailData = z.output<typeof statementEmailSchema>;

/** GET /api/emails */
export const emailListQuery = z.object({
  status: z
    .enum(EMAIL_STATUSES, { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` })
    .optional(),
  entityType: z
    .enum(EMAIL_ENTITY_TYPES, {
      error: `entityType must be one of ${EMAIL_ENTITY_TYPES.join(', ')}`,
    })
    .optional(),
  entityId: z
    .number({ error: 'entityId must be a positive integer' })
    .int('entityId must be a positive integer')
    .min(1, 'entityId must be a positive integer')
    .max(2_147_483_647, 'entityId must be a positive integer')
    .optional(),
  limit: z
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(200, 'limit must be at most 200')
    .default(100),
});
export type EmailListQuery = z.output<typeof emailListQuery>;

export const emailAttachmentOutput = z.object({
  kind: z.string(),
  id: recordId,
  filename: z.string().nullable(),
  /** Of the bytes that went out; null until the email is sent. */
  sha256: z.string().nullable(),
  size: z.number().nullable(),
});

export const emailOutput = z.object({
  id: recordId,
  kind: z.string(),
  /** The record it is about, with its number (null once the record is deleted). */
  entity: z.object({ type: z.string(), id: recordId, number: z.string().nullable() }).nullable(),
  pharmacyId: recordId.nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number(),
  nextAttemptAt: timestamp.nullable(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  attachments: z.array(emailAttachmentOutput),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
});
export type EmailSummary = z.output<typeof emailOutput>;

/** One email with its bodies, for the preview. */
export const emailDetailOutput = emailOutput.extend({
  bodyText: z.string(),
  bodyHtml: z.string(),
});
export type EmailDetail = z.output<typeof emailDetailOutput>;

/** What POST …/email and POST /api/emails/{id}/retry answer (202). */
export const emailQueuedOutput = z.object({ emailId: recordId, status: z.enum(EMAIL_STATUSES) });

export const emailTemplateSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(300, 'Subject must be at most 300 characters'),
  bodyText: z
    .string({ error: 'Text body is required' })
    .trim()
    .min(1, 'Text body is required')
    .max(20000, 'Text body must be at most 20000 characters'),
  bodyHtml: z
    .string({ error: 'HTML body is required' })
    .trim()
    .min(1, 'HTML body is required')
    .max(50000, 'HTML body must be at most 50000 characters'),
});
export type EmailTemplateInput = z.input<typeof emailTemplateSchema>;
export type EmailTemplateData = z.output<typeof emailTemplateSchema>;

export const emailTemplateOutput = z.object({
  id: recordId,
  kind: z.string(),
  name: z.string(),
  subject: z.string(),
  bodyText: z.string(),
  bodyHtml: z.string(),
  updatedAt: timestamp,
});
export type EmailTemplate = z.output<typeof emailTemplateOutput>;

/** A template rendered with example values, for the editor's preview. */
export const emailPreviewOutput = z.object({
  subject: z.string(),
  bodyText: z.string(),
  bodyHtml: z.string(),
});

/** What the Email dialogs start from: the recipients and the template as it would be sent. */
export const emailDraftOutput = z.object({
  to: z.array(z.string()),
  subject: z.string(),
  bodyText: z.string(),
});
