import { lazy, Suspense, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuMail } from 'react-icons/lu';
import { lastFullMonth } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { Can } from '../auth/can';
import type { EmailFields } from './EmailDialog';

// The dialog (Chakra's Dialog and its machine) loads on the first click, not with the list or the
// record page that shows the button.
const EmailDialog = lazy(() => import('./EmailDialog').then((m) => ({ default: m.EmailDialog })));

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

interface InvoiceRef {
  id: number;
  invoiceNumber: string;
}

/** Mounted only while open: a list's rows hold no queries for it. */
function InvoiceEmailDialog({ invoice, onClose }: { invoice: InvoiceRef; onClose: () => void }) {
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
    <Suspense fallback={null}>
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
    </Suspense>
  );
}

/** Email invoice, for accountants and admins: a button (`icon`: a list row's) and its dialog. */
export function EmailInvoiceButton({ invoice, icon }: { invoice: InvoiceRef; icon?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Can permission="emails.invoices">
      {icon ? (
        <ActionButton label="Email invoice" onClick={() => setOpen(true)}>
          <LuMail />
        </ActionButton>
      ) : (
        <Button variant="outline" colorPalette="gray" onClick={() => setOpen(true)}>
          <LuMail /> Email
        </Button>
      )}
      {open ? <InvoiceEmailDialog invoice={invoice} onClose={() => setOpen(false)} /> : null}
    </Can>
  );
}

interface StatementProps {
  pharmacy: { id: number; name: string };
  period: { from: string; to: string };
}

function StatementEmailDialog({
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
    <Suspense fallback={null}>
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
    </Suspense>
  );
}

/**
 * Email statement for a period (none: the last full month, as the statement page shows), for
 * accountants and admins.
 */
export function EmailStatementButton({
  pharmacy,
  period,
}: {
  pharmacy: StatementProps['pharmacy'];
  period?: StatementProps['period'];
}) {
  const [open, setOpen] = useState(false);
  return (
    <Can permission="emails.invoices">
      <Button variant="outline" colorPalette="gray" onClick={() => setOpen(true)}>
        <LuMail /> Email statement
      </Button>
      {open ? (
        <StatementEmailDialog
          pharmacy={pharmacy}
          period={period ?? lastFullMonth()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Can>
  );
}
