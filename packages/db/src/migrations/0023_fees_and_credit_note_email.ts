import { sql, type Kysely } from 'kysely';

/**
 * Credit note emails and dunning fees on the account (issue 28).
 *
 * `email_templates`: the credit note's template, edited in Settings like the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into email_templates (kind, name, subject, body_text, body_html) values
    ('credit_note', 'Credit note',
     'Credit note {creditNoteNumber} from {company}',
     ${CREDIT_NOTE_TEXT}, ${CREDIT_NOTE_HTML})`.execute(db);

}

const CREDIT_NOTE_TEXT = `Dear {pharmacy},

Please find attached credit note {creditNoteNumber} of {date} for {total}.

{message}

{company}`;
const CREDIT_NOTE_HTML = `<p>Dear {pharmacy},</p>
<p>Please find attached credit note <strong>{creditNoteNumber}</strong> of {date} for {total}.</p>
<p>{message}</p>
<p>{company}</p>`;
