import { lazy, Suspense, useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuMail } from 'react-icons/lu';
import { lastFullMonth } from '@pharm/validators';
import { ActionButton } from '../../components/ActionButton';
import { Can } from '../auth/can';
import type { InvoiceRef, OrderRef, StatementProps } from './EmailSendDialogs';

// The dialogs (Chakra's Dialog and its machine, the draft query and the send) load on the first
// click, not with the list or the record page that shows the button.
const InvoiceEmailDialog = lazy(() =>
  import('./EmailSendDialogs').then((m) => ({ default: m.InvoiceEmailDialog })),
);
const OrderEmailDialog = lazy(() =>
  import('./EmailSendDialogs').then((m) => ({ default: m.OrderEmailDialog })),
);
const StatementEmailDialog = lazy(() =>
  import('./EmailSendDialogs').then((m) => ({ default: m.StatementEmailDialog })),
);

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
      {open ? (
        <Suspense fallback={null}>
          <InvoiceEmailDialog invoice={invoice} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Can>
  );
}

/** Email order, for sales and up: to the pharmacy's email, with the order's PDF. */
export function EmailOrderButton({ order }: { order: OrderRef }) {
  const [open, setOpen] = useState(false);
  return (
    <Can permission="emails.orders">
      <Button variant="outline" colorPalette="gray" onClick={() => setOpen(true)}>
        <LuMail /> Email
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <OrderEmailDialog order={order} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Can>
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
        <Suspense fallback={null}>
          <StatementEmailDialog
            pharmacy={pharmacy}
            period={period ?? lastFullMonth()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </Can>
  );
}
