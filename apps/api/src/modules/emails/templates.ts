import type { Db } from '@pharm/db';
import { EMAIL_PLACEHOLDERS, type EmailTemplate, type EmailTemplateData } from '@pharm/validators';
import { sql } from 'kysely';
import { notFound } from '../../lib/domain-error.js';

const COLUMNS = ['id', 'kind', 'name', 'subject', 'bodyText', 'bodyHtml', 'updatedAt'] as const;

/** The placeholders' values; a value absent leaves its `{placeholder}` as written. */
export type TemplateValues = Record<string, string>;

export interface RenderedEmail {
  subject: string;
  bodyText: string;
  bodyHtml: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const fill = (template: string, values: TemplateValues, encode: (v: string) => string) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? encode(values[name]!) : whole,
  );

/**
 * The template with its placeholders filled: as typed in the subject and the text body, escaped
 * in the HTML body (a pharmacy named "A & B" is text, not markup), where a value's line breaks
 * become `<br>`. A placeholder left empty (no message) leaves no blank paragraph behind.
 */
export function renderTemplate(
  template: Pick<EmailTemplate, 'subject' | 'bodyText' | 'bodyHtml'>,
  values: TemplateValues,
): RenderedEmail {
  return {
    subject: fill(template.subject, values, (v) => v.replace(/\s+/g, ' ')).trim(),
    bodyText: fill(template.bodyText, values, (v) => v)
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    bodyHtml: fill(template.bodyHtml, values, (v) => escapeHtml(v).replace(/\r?\n/g, '<br>'))
      .replace(/<p>\s*<\/p>\s*/g, '')
      .trim(),
  };
}

/** The template of a kind: the one named after it, else its first. */
export async function templateOf(db: Db, kind: string): Promise<EmailTemplate> {
  const row = await db
    .selectFrom('emailTemplates')
    .select(COLUMNS)
    .where('kind', '=', kind)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw notFound('Email template');
  return row;
}

export function listTemplates(db: Db): Promise<EmailTemplate[]> {
  return db.selectFrom('emailTemplates').select(COLUMNS).orderBy('kind').orderBy('id').execute();
}

export async function updateTemplate(
  db: Db,
  id: number,
  data: EmailTemplateData,
  userId: string,
): Promise<EmailTemplate> {
  const row = await db
    .updateTable('emailTemplates')
    .set({ ...data, updatedBy: userId, updatedAt: sql`now()` })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw notFound('Email template');
  return row;
}

/** Example values for the editor's preview: every placeholder of the kind, filled. */
const EXAMPLES: TemplateValues = {
  pharmacy: 'Riverside Compounding Pharmacy',
  invoiceNumber: 'INV-2026-0042',
  total: '$1,250.00',
  balance: '$830.00',
  dueDate: '2026-12-15',
  daysOverdue: '12',
  message: 'Thank you for the order of last week.',
  from: '2026-10-01',
  to: '2026-10-31',
  inviter: 'Dana Reyes',
  role: 'Accountant',
  link: 'https://pharm.example.com/invitation#token=example',
  expiresAt: '2026-12-05',
  invoices:
    'INV-2026-0042, due 2026-12-15: $830.00 (12 days overdue)\nINV-2026-0051, due 2026-12-20: $410.00 (7 days overdue)',
  fee: 'A late fee of $25.00 is charged on your account.',
  date: '2027-01-01',
  recallNumber: 'RCL-2026-00003',
  recallClass: 'II',
  reason: 'Stopper fragments found after piercing',
  lots: 'ST20-2611-B',
  lines: 'INV-2026-0042 of 2026-11-02: 300 × Grey stoppers 20 mm (lot ST20-2611-B)',
  aging: 'current $410.00, 31–60 days $830.00, 61–90 days $0.00, over 90 days $0.00',
};

/** A template as given (not yet saved), rendered with example values. */
export function previewTemplate(
  kind: string,
  template: Pick<EmailTemplate, 'subject' | 'bodyText' | 'bodyHtml'>,
  company: string,
): RenderedEmail {
  const known = Object.keys(EMAIL_PLACEHOLDERS[kind] ?? EXAMPLES);
  const values = Object.fromEntries(
    known.map((name) => [name, name === 'company' ? company : (EXAMPLES[name] ?? `{${name}}`)]),
  );
  return renderTemplate(template, values);
}
