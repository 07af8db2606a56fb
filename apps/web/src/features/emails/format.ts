import { EMAIL_KIND_LABELS, type EmailKind, type EmailStatus } from '@pharm/validators';

export const EMAIL_STATUS_PALETTE: Record<EmailStatus, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  held: 'yellow',
};

export const kindLabel = (kind: string) => EMAIL_KIND_LABELS[kind as EmailKind] ?? kind;

/** '28 Nov 2026, 14:05' in the browser's time zone. */
export const formatMoment = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
