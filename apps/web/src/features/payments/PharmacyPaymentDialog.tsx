import { useState } from 'react';
import { Button, chakra, Dialog, Field, HStack, Table, Text, Textarea } from '@chakra-ui/react';
import {
  fillOldestFirst,
  formatDate,
  formatUsd,
  fromCents,
  sumCents,
  toCents,
  type ApplyProposalOutput,
} from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { MoneyText } from '../../components/MoneyText';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { typedCents, useCashRefresh } from './cash';
import { newIdempotencyKey } from './format';
import { CashFields, newCashFields } from './CashFields';
import { EntryRows } from './EntryRows';
import { DIALOG_FORM, DIALOG_HEADER, FormDialog } from './FormDialog';

export interface PharmacyPaymentTarget {
  pharmacyId: number;
  pharmacyName: string;
}

type OpenInvoice = ApplyProposalOutput['invoices'][number];

/**
 * A payment for a pharmacy: its open invoices oldest first, an amount to apply to each (Apply
 * oldest first fills them from the amount), the rest unapplied cash on the account. Its
 * Idempotency-Key is drawn when the form mounts: a double submit is one payment.
 */
function PharmacyPaymentForm({
  target,
  invoices,
  onDone,
}: {
  target: PharmacyPaymentTarget;
  invoices: readonly OpenInvoice[];
  onDone: () => void;
}) {
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [fields, setFields] = useState(() => newCashFields());
  const [notes, setNotes] = useState('');
  const [applied, setApplied] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const record = trpc.payments.create.useMutation();
  const refresh = useCashRefresh();

  const { amount, date, method, reference } = fields;
  const amountCents = typedCents(amount);
  const rowCents = invoices.map((invoice) => typedCents(applied[invoice.invoiceId] ?? ''));
  const appliedCents = sumCents(rowCents.map((c) => c ?? 0));
  const unapplied = (amountCents ?? 0) - appliedCents;

  const fillOldest = () => {
    const filled = fillOldestFirst(amountCents ?? 0, invoices);
    setApplied(
      Object.fromEntries(filled.map(({ item, cents }) => [item.invoiceId, fromCents(cents)])),
    );
  };

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!amountCents) found.amount = 'Amount must be greater than 0';
    if (!date) found.date = 'Date is required';
    invoices.forEach((invoice, index) => {
      const cents = rowCents[index] as number | null;
      if (cents === null) found[`row.${invoice.invoiceId}`] = 'Enter an amount';
      else if (cents > toCents(invoice.balance)) {
        found[`row.${invoice.invoiceId}`] = `At most its balance, ${formatUsd(invoice.balance)}`;
      }
    });
    if (amountCents && unapplied < 0) {
      found.allocations = `The allocations add up to ${formatUsd(appliedCents)}, more than the amount`;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await record.mutateAsync({
        pharmacyId: target.pharmacyId,
        date,
        amount: amount.trim(),
        method,
        reference,
        notes,
        idempotencyKey,
        allocations: invoices.flatMap((invoice, index) =>
          rowCents[index]
            ? [{ invoiceId: invoice.invoiceId, amount: fromCents(rowCents[index]!) }]
            : [],
        ),
      });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify.error('Error', `Failed to record payment: ${errorMessage(error)}`);
      return;
    }
    notify.success('Payment recorded successfully');
    onDone();
    await refresh();
  };

  return (
    <chakra.form
      {...DIALOG_FORM}
      data-testid="pharmacy-payment-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Dialog.Header {...DIALOG_HEADER}>
        <Dialog.Title>Record Payment</Dialog.Title>
        <Dialog.Description>
          From {target.pharmacyName}: apply it to open invoices; the rest stays on the account as
          unapplied cash.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <CashFields values={fields} onChange={setFields} errors={errors} />

        <HStack justify="space-between" mt="5" mb="2" wrap="wrap" gap="2">
          <Text fontWeight="semibold" textStyle="sm">
            Open invoices, oldest first
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={fillOldest}
            disabled={!amountCents || invoices.length === 0}
          >
            Apply oldest first
          </Button>
        </HStack>
        {invoices.length === 0 ? (
          <Text textStyle="sm" color="fg.muted">
            No open invoices: the whole amount stays unapplied.
          </Text>
        ) : (
          <EntryRows
            label="Open invoices"
            headers={[{ label: 'Invoice' }, { label: 'Balance', end: true }]}
            inputHeader="Apply"
            inputMode="decimal"
            inputWidth="28"
            rows={invoices.map((invoice) => ({
              key: invoice.invoiceId,
              testId: `pharmacy-payment-row-${invoice.invoiceId}`,
              cells: (
                <>
                  <Table.Cell whiteSpace="nowrap">
                    {invoice.invoiceNumber}
                    <Text textStyle="xs" color="fg.muted">
                      {formatDate(invoice.invoiceDate)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <MoneyText value={invoice.balance} />
                  </Table.Cell>
                </>
              ),
              name: `apply-${invoice.invoiceId}`,
              ariaLabel: `Apply to ${invoice.invoiceNumber}`,
              value: applied[invoice.invoiceId] ?? '',
              onChange: (value) => setApplied((all) => ({ ...all, [invoice.invoiceId]: value })),
              error: errors[`row.${invoice.invoiceId}`],
            }))}
          />
        )}
        <HStack justify="space-between" mt="3" textStyle="sm">
          <Text>Unapplied (stays on the account)</Text>
          <Text
            fontWeight="semibold"
            fontVariantNumeric="tabular-nums"
            color={unapplied < 0 ? 'fg.error' : undefined}
            data-testid="pharmacy-payment-unapplied"
          >
            {formatUsd(unapplied)}
          </Text>
        </HStack>
        {errors.allocations ? (
          <Text textStyle="sm" color="fg.error" role="alert">
            {errors.allocations}
          </Text>
        ) : null}
        <Field.Root invalid={!!errors.notes} mt="4">
          <Field.Label>Notes</Field.Label>
          <Textarea
            name="notes"
            rows={2}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
          <Field.ErrorText>{errors.notes}</Field.ErrorText>
        </Field.Root>
      </Dialog.Body>
      <DialogActions disabled={record.isPending}>
        <Button type="submit" loading={record.isPending} loadingText="Recording...">
          Record Payment
        </Button>
      </DialogActions>
    </chakra.form>
  );
}

function PharmacyPaymentBody({
  target,
  onClose,
}: {
  target: PharmacyPaymentTarget;
  onClose: () => void;
}) {
  // Its open invoices oldest first, fresh at each opening.
  const open = trpc.allocations.propose.useQuery(
    { id: target.pharmacyId },
    { refetchOnMount: 'always', gcTime: 0 },
  );
  if (open.data && open.isFetchedAfterMount) {
    return <PharmacyPaymentForm target={target} invoices={open.data.invoices} onDone={onClose} />;
  }
  return (
    <Dialog.Body py="10" textAlign="center" color={open.isError ? 'fg.error' : 'fg.muted'}>
      <Dialog.Title srOnly>Record Payment</Dialog.Title>
      {open.isError ? `Failed to load invoices: ${errorMessage(open.error)}` : 'Loading...'}
    </Dialog.Body>
  );
}

/** Records a payment for a pharmacy, split over its open invoices with an unapplied rest. */
export function PharmacyPaymentDialog({
  target,
  onClose,
}: {
  target: PharmacyPaymentTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog target={target} onClose={onClose} testId="pharmacy-payment-dialog" size="lg">
      {(current) => <PharmacyPaymentBody target={current} onClose={onClose} />}
    </FormDialog>
  );
}
