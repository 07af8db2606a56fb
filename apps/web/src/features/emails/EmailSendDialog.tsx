import type { EmailStatus } from '@pharm/validators';
import { notify } from '../../lib/notify';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { EmailDialog, type EmailDraft, type EmailFields } from './EmailDialog';

// The Email dialog of every kind, its draft query and its send: loaded by EmailActions' buttons on
// the first click.

const listOf = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** What the dialog's fields ask of the server: blank fields leave the template's and the billing email's. */
export interface EmailRequest {
  to: string[];
  cc: string[];
  subject: string | undefined;
  message: string | undefined;
}

const request = (fields: EmailFields): EmailRequest => ({
  to: listOf(fields.to),
  cc: listOf(fields.cc),
  subject: fields.subject || undefined,
  message: fields.message || undefined,
});

/**
 * What differs between the Email dialogs: the record's draft query, its send mutation (called
 * with the record and the dialog's fields), the dialog's title and the attachment's name.
 * `Target` is what the button passes: the record, or as much of it as the dialog needs.
 */
export interface EmailKind<Target> {
  title: (target: Target) => string;
  attachment: (target: Target) => string;
  useDraft: (target: Target) => { data: EmailDraft | undefined; error: unknown };
  useSend: (onSuccess: (result: { status: EmailStatus }) => Promise<void>) => {
    send: (target: Target, email: EmailRequest) => void;
    isPending: boolean;
    error: unknown;
  };
}

const kind = <Target,>(descriptor: EmailKind<Target>) => descriptor;

type Invoice = Pick<RouterOutputs['invoices']['get'], 'id' | 'invoiceNumber'>;
type CreditNote = Pick<RouterOutputs['creditNotes']['get'], 'id' | 'number'>;
type Order = Pick<RouterOutputs['orders']['get'], 'id' | 'orderNumber'>;
type Statement = {
  pharmacy: Pick<RouterOutputs['pharmacies']['get'], 'id' | 'name'>;
  period: { from: string; to: string };
};

/** The kinds the app emails, by name; a new kind is one entry here and a button in EmailActions. */
export const EMAIL_KINDS = {
  invoice: kind({
    title: (invoice: Invoice) => `Email invoice ${invoice.invoiceNumber}`,
    attachment: (invoice) => `invoice-${invoice.invoiceNumber}.pdf`,
    useDraft: (invoice) => trpc.emails.invoiceDraft.useQuery({ id: invoice.id }),
    useSend: (onSuccess) => {
      const mutation = trpc.emails.sendInvoice.useMutation({ onSuccess });
      return {
        send: (invoice, data) => mutation.mutate({ id: invoice.id, data }),
        isPending: mutation.isPending,
        error: mutation.error,
      };
    },
  }),
  creditNote: kind({
    title: (note: CreditNote) => `Email credit note ${note.number}`,
    attachment: (note) => `credit-note-${note.number}.pdf`,
    useDraft: (note) => trpc.emails.creditNoteDraft.useQuery({ id: note.id }),
    useSend: (onSuccess) => {
      const mutation = trpc.emails.sendCreditNote.useMutation({ onSuccess });
      return {
        send: (note, data) => mutation.mutate({ id: note.id, data }),
        isPending: mutation.isPending,
        error: mutation.error,
      };
    },
  }),
  order: kind({
    title: (order: Order) => `Email order ${order.orderNumber}`,
    attachment: (order) => `order-${order.orderNumber}.pdf`,
    useDraft: (order) => trpc.emails.orderDraft.useQuery({ id: order.id }),
    useSend: (onSuccess) => {
      const mutation = trpc.emails.sendOrder.useMutation({ onSuccess });
      return {
        send: (order, data) => mutation.mutate({ id: order.id, data }),
        isPending: mutation.isPending,
        error: mutation.error,
      };
    },
  }),
  statement: kind({
    title: ({ period }: Statement) => `Email statement ${period.from} to ${period.to}`,
    attachment: () => "the statement's PDF",
    useDraft: ({ pharmacy, period }) =>
      trpc.emails.statementDraft.useQuery({ id: pharmacy.id, ...period }),
    useSend: (onSuccess) => {
      const mutation = trpc.emails.sendStatement.useMutation({ onSuccess });
      return {
        // The statement's `to` is the period's end: its recipients go in `recipients`.
        send: ({ pharmacy, period }, { to, ...rest }) =>
          mutation.mutate({ id: pharmacy.id, data: { ...period, recipients: to, ...rest } }),
        isPending: mutation.isPending,
        error: mutation.error,
      };
    },
  }),
};

export type EmailKindName = keyof typeof EMAIL_KINDS;
export type EmailTarget<K extends EmailKindName> = Parameters<(typeof EMAIL_KINDS)[K]['title']>[0];

function queuedNotice(status: EmailStatus) {
  if (status === 'held') {
    notify.info(
      'Email held in the outbox',
      'No mail server is set up (SMTP_URL): the email waits in the outbox with its preview.',
    );
  } else {
    notify.success('The email is on its way; the outbox shows when it is sent.', 'Email queued');
  }
}

/** Mounted only while open: a list's rows hold no queries for it. */
export function EmailSendDialog<K extends EmailKindName>({
  kind: name,
  target,
  onClose,
}: {
  kind: K;
  target: EmailTarget<K>;
  onClose: () => void;
}) {
  const descriptor = EMAIL_KINDS[name] as unknown as EmailKind<EmailTarget<K>>;
  const utils = trpc.useUtils();
  const draft = descriptor.useDraft(target);
  const mutation = descriptor.useSend(async (result) => {
    onClose();
    queuedNotice(result.status);
    await utils.emails.invalidate();
  });
  return (
    <EmailDialog
      open
      onClose={onClose}
      title={descriptor.title(target)}
      draft={draft.data}
      draftError={draft.error}
      attachment={descriptor.attachment(target)}
      pending={mutation.isPending}
      error={mutation.error}
      send={(fields) => mutation.send(target, request(fields))}
    />
  );
}
