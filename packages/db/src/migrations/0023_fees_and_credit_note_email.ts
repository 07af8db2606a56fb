import { sql, type Kysely } from 'kysely';

/**
 * Credit note emails and dunning fees on the account (issue 28).
 *
 * `email_templates`: the credit note's template, edited in Settings like the others.
 *
 * `dunning_fees.waived_*`: a fee is a charge on the pharmacy's account (a document of its own,
 * never an edit of an invoice). It counts on statements from its date and in what the pharmacy
 * owes until it is waived; a waiver is dated, by someone, with a reason, and shows on the
 * statement as a line of its own on that date, so a statement of an earlier period reads as it
 * did. A fee is never deleted and no payment or credit note is allocated to it (docs/rules.md
 * "Dunning fees").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into email_templates (kind, name, subject, body_text, body_html) values
    ('credit_note', 'Credit note',
     'Credit note {creditNoteNumber} from {company}',
     ${CREDIT_NOTE_TEXT}, ${CREDIT_NOTE_HTML})`.execute(db);

  await sql`
    alter table dunning_fees
      add column waived_on date,
      add column waived_by uuid references users (id) on delete set null,
      add column waive_reason varchar(500),
      add constraint dunning_fees_waived_check
        check ((waived_on is null) = (waive_reason is null) and (waived_on is null or waived_on >= date))`.execute(
    db,
  );
  // The statement's and the pharmacy page's reads: a pharmacy's fees by date.
  await sql`create index dunning_fees_pharmacy_date_idx on dunning_fees (pharmacy_id, date)`.execute(
    db,
  );
}

const CREDIT_NOTE_TEXT = `Dear {pharmacy},

Please find attached credit note {creditNoteNumber} of {date} for {total}.

{message}

{company}`;
const CREDIT_NOTE_HTML = `<p>Dear {pharmacy},</p>
<p>Please find attached credit note <strong>{creditNoteNumber}</strong> of {date} for {total}.</p>
<p>{message}</p>
<p>{company}</p>`;
