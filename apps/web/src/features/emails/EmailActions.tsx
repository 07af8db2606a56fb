import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';
import { LuMail } from 'react-icons/lu';
import { lastFullMonth } from '@pharm/validators';
import type { Permission } from '@pharm/validators/roles';
import { ActionButton } from '../../components/ActionButton';
import { Can } from '../auth/can';
import type { EmailKindName, EmailTarget } from './EmailSendDialog';

// The dialog (Chakra's Dialog and its machine, the draft query and the send) loads on the first
// click, not with the list or the record page that shows the button.
const EmailSendDialog = lazy(() =>
  import('./EmailSendDialog').then((m) => ({ default: m.EmailSendDialog })),
);

/**
 * An Email button and its dialog for one kind (EmailSendDialog's EMAIL_KINDS), shown to roles
 * with `permission`: an outline button with `children` as its text, or (`icon`) a list row's
 * icon button labelled `label`.
 */
export function EmailButton<K extends EmailKindName>({
  kind,
  target,
  permission,
  label,
  icon,
  children = 'Email',
}: {
  kind: K;
  target: EmailTarget<K>;
  permission: Permission;
  label: string;
  icon?: boolean;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Can permission={permission}>
      {icon ? (
        <ActionButton label={label} onClick={() => setOpen(true)}>
          <LuMail />
        </ActionButton>
      ) : (
        <Button variant="outline" colorPalette="gray" onClick={() => setOpen(true)}>
          <LuMail /> {children}
        </Button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <EmailSendDialog kind={kind} target={target} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Can>
  );
}

/** Email invoice, for accountants and admins: a button (`icon`: a list row's) and its dialog. */
export function EmailInvoiceButton({
  invoice,
  icon,
}: {
  invoice: EmailTarget<'invoice'>;
  icon?: boolean;
}) {
  return (
    <EmailButton
      kind="invoice"
      target={invoice}
      permission="emails.invoices"
      label="Email invoice"
      icon={icon}
    />
  );
}

/** Email credit note, for accountants and admins (as invoices): a button (`icon`: a list row's). */
export function EmailCreditNoteButton({
  note,
  icon,
}: {
  note: EmailTarget<'creditNote'>;
  icon?: boolean;
}) {
  return (
    <EmailButton
      kind="creditNote"
      target={note}
      permission="emails.invoices"
      label="Email credit note"
      icon={icon}
    />
  );
}

/** Email order, for sales and up: to the pharmacy's email, with the order's PDF. */
export function EmailOrderButton({ order }: { order: EmailTarget<'order'> }) {
  return <EmailButton kind="order" target={order} permission="emails.orders" label="Email order" />;
}

/**
 * Email statement for a period (none: the last full month, as the statement page shows), for
 * accountants and admins.
 */
export function EmailStatementButton({
  pharmacy,
  period,
}: {
  pharmacy: EmailTarget<'statement'>['pharmacy'];
  period?: EmailTarget<'statement'>['period'];
}) {
  return (
    <EmailButton
      kind="statement"
      target={{ pharmacy, period: period ?? lastFullMonth() }}
      permission="emails.invoices"
      label="Email statement"
    >
      Email statement
    </EmailButton>
  );
}
