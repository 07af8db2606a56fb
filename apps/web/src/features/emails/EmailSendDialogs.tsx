import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { EmailDialog, type EmailFields } from './EmailDialog';

// The Email invoice, order and statement dialogs with their queries and sends: loaded by
// EmailActions' buttons on the first click.

const listOf = (text: string) =>
  text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The overrides the server takes: blank fields leave the template's and the billing email's. */
const overrides = (fields: EmailFields) => ({
  cc: listOf(fields.cc),
  subject: fields.subject || undefined,
  message: fields.message || undefined,
});

function queuedNotice(status: string) {
  if (status === 'held') {
    notify.info(
      'Email held in the outbox',
      'No mail server is set up (SMTP_URL): the email waits in the outbox with its preview.',
    );
  } else {
    notify.success('The email is on its way; the outbox shows when it is sent.', 'Email queued');
  }
}

export interface InvoiceRef {
  id: number;
  invoiceNumber: string;
}

/** Mounted only while open: a list's rows hold no queries for it. */
export function InvoiceEmailDialog({
  invoice,
  onClose,
}: {
  invoice: InvoiceRef;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const draft = trpc.emails.invoiceDraft.useQuery({ id: invoice.id });
  const send = trpc.emails.sendInvoice.useMutation({
    onSuccess: async (result) => {
      onClose();
      queuedNotice(result.status);
      await utils.emails.invalidate();
    },
  });
  return (
    <EmailDialog
      open
      onClose={onClose}
      title={`Email invoice ${invoice.invoiceNumber}`}
      draft={draft.data}
      draftError={draft.error}
      attachment={`invoice-${invoice.invoiceNumber}.pdf`}
      pending={send.isPending}
      error={send.error}
      send={(fields) =>
        send.mutate({ id: invoice.id, data: { to: listOf(fields.to), ...overrides(fields) } })
      }
    />
  );
}

export interface OrderRef {
  id: number;
  orderNumber: string;
}

export function OrderEmailDialog({ order, onClose }: { order: OrderRef; onClose: () => void }) {
  const utils = trpc.useUtils();
  const draft = trpc.emails.orderDraft.useQuery({ id: order.id });
  const send = trpc.emails.sendOrder.useMutation({
    onSuccess: async (result) => {
      onClose();
      queuedNotice(result.status);
      await utils.emails.invalidate();
    },
  });
  return (
    <EmailDialog
      open
      onClose={onClose}
      title={`Email order ${order.orderNumber}`}
      draft={draft.data}
      draftError={draft.error}
      attachment={`order-${order.orderNumber}.pdf`}
      pending={send.isPending}
      error={send.error}
      send={(fields) =>
        send.mutate({ id: order.id, data: { to: listOf(fields.to), ...overrides(fields) } })
      }
    />
  );
}

export interface StatementProps {
  pharmacy: { id: number; name: string };
  period: { from: string; to: string };
}

export function StatementEmailDialog({
  pharmacy,
  period,
  onClose,
}: StatementProps & { onClose: () => void }) {
  const utils = trpc.useUtils();
  const draft = trpc.emails.statementDraft.useQuery({ id: pharmacy.id, ...period });
  const send = trpc.emails.sendStatement.useMutation({
    onSuccess: async (result) => {
      onClose();
      queuedNotice(result.status);
      await utils.emails.invalidate();
    },
  });
  return (
    <EmailDialog
      open
      onClose={onClose}
      title={`Email statement ${period.from} to ${period.to}`}
      draft={draft.data}
      draftError={draft.error}
      attachment="the statement's PDF"
      pending={send.isPending}
      error={send.error}
      send={(fields) =>
        send.mutate({
          id: pharmacy.id,
          data: { ...period, recipients: listOf(fields.to), ...overrides(fields) },
        })
      }
    />
  );
}
