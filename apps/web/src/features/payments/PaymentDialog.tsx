import { useState } from 'react';
import {
  Button,
  chakra,
  CloseButton,
  Dialog,
  Field,
  Grid,
  GridItem,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import {
  formatUsd,
  PAYMENT_METHODS,
  paymentSchema,
  todayIso,
  type PaymentData,
  type PaymentInput,
} from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { newIdempotencyKey, type PaymentInvoiceOption, type PaymentListItem } from './format';

const FIELDS: readonly FieldPath<PaymentInput>[] = [
  'invoiceId',
  'pharmacyId',
  'date',
  'amount',
  'method',
  'reference',
  'notes',
];

/**
 * What the dialog is for: a new payment (optionally on a given invoice, or offering only one
 * pharmacy's invoices) or an edit.
 */
export type PaymentDialogTarget =
  | { mode: 'record'; invoiceId?: number; pharmacyId?: number }
  | { mode: 'edit'; payment: PaymentListItem };

function invoiceLabel(invoice: { invoiceNumber: string; pharmacyName: string; balance: string }) {
  return `${invoice.invoiceNumber} · ${invoice.pharmacyName} · ${formatUsd(invoice.balance)} due`;
}

/**
 * The form, mounted each time the dialog opens: its Idempotency-Key is drawn then, so that every
 * submit of this dialog (a double click, a retry after a network failure) is one payment.
 */
function PaymentForm({
  target,
  invoices,
  onDone,
}: {
  target: PaymentDialogTarget;
  invoices: readonly PaymentInvoiceOption[];
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const editing = target.mode === 'edit' ? target.payment : null;
  const preset =
    target.mode === 'record' ? invoices.find((invoice) => invoice.id === target.invoiceId) : null;

  const form = useForm<PaymentInput, unknown, PaymentData>({
    resolver: zodResolver(paymentSchema),
    defaultValues: editing
      ? {
          invoiceId: editing.invoiceId ?? 0,
          pharmacyId: editing.pharmacyId,
          date: editing.date,
          amount: editing.amount,
          method: editing.method as PaymentInput['method'],
          reference: editing.reference ?? '',
          notes: editing.notes ?? '',
        }
      : {
          invoiceId: preset?.id ?? 0,
          pharmacyId: preset?.pharmacyId ?? 0,
          date: todayIso(),
          amount: preset?.balance ?? '',
          method: 'ACH',
          reference: '',
          notes: '',
        },
  });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const invoiceId = useWatch({ control, name: 'invoiceId' });
  const chosen = invoices.find((invoice) => invoice.id === invoiceId);
  const pharmacyName = editing ? editing.pharmacy.name : chosen?.pharmacyName;

  /** Choosing an invoice sets the pharmacy and defaults the amount to its balance (spec §5). */
  const chooseInvoice = (value: string) => {
    const invoice = invoices.find((option) => option.id === Number(value));
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('invoiceId', invoice?.id ?? 0, options);
    setValue('pharmacyId', invoice?.pharmacyId ?? 0, options);
    if (invoice) setValue('amount', invoice.balance, options);
  };

  const record = trpc.payments.create.useMutation();
  const update = trpc.payments.update.useMutation();

  const onSubmit = handleSubmit(async (data) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, data });
      else await record.mutateAsync({ ...data, idempotencyKey });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      notify.error(
        'Error',
        `Failed to ${editing ? 'update' : 'record'} payment: ${errorMessage(error)}`,
      );
      return;
    }
    notify.success(editing ? 'Payment updated successfully' : 'Payment recorded successfully');
    onDone();
    // A payment moves its invoice's balance and status and its pharmacy's balance and aging.
    await Promise.all([
      utils.payments.invalidate(),
      utils.invoices.invalidate(),
      utils.pharmacies.invalidate(),
      utils.statements.invalidate(),
    ]);
  });

  return (
    <chakra.form onSubmit={onSubmit} noValidate data-testid="payment-form">
      <Dialog.Header>
        <Dialog.Title>
          {editing ? `Edit Payment ${editing.paymentNumber}` : 'Record Payment'}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
          <GridItem colSpan={{ sm: 2 }}>
            <Field.Root invalid={!!errors.invoiceId} required disabled={!!editing}>
              <Field.Label>
                Invoice <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root disabled={!!editing}>
                <NativeSelect.Field
                  name="invoiceId"
                  value={invoiceId}
                  onChange={(event) => chooseInvoice(event.target.value)}
                >
                  {editing ? (
                    <option value={editing.invoiceId ?? 0}>
                      {editing.invoice?.invoiceNumber} · {editing.pharmacy.name}
                    </option>
                  ) : (
                    <>
                      <option value={0}>
                        {invoices.length ? 'Select an invoice' : 'No invoices with a balance due'}
                      </option>
                      {invoices.map((invoice) => (
                        <option key={invoice.id} value={invoice.id}>
                          {invoiceLabel(invoice)}
                        </option>
                      ))}
                    </>
                  )}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {chosen && !editing ? (
                <Field.HelperText data-testid="payment-invoice-balance">
                  Balance due: {formatUsd(chosen.balance)}
                </Field.HelperText>
              ) : null}
              <Field.ErrorText>{errors.invoiceId?.message}</Field.ErrorText>
            </Field.Root>
          </GridItem>
          <GridItem colSpan={{ sm: 2 }}>
            <Field.Root invalid={!!errors.pharmacyId} required>
              <Field.Label>Pharmacy</Field.Label>
              <Text
                textStyle="sm"
                py="2"
                color={pharmacyName ? 'fg' : 'fg.muted'}
                data-testid="payment-pharmacy"
              >
                {pharmacyName ?? 'Follows the invoice'}
              </Text>
              <Field.ErrorText>{errors.pharmacyId?.message}</Field.ErrorText>
            </Field.Root>
          </GridItem>
          <Field.Root invalid={!!errors.date} required>
            <Field.Label>
              Date <Field.RequiredIndicator />
            </Field.Label>
            <Input type="date" {...register('date')} />
            <Field.ErrorText>{errors.date?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.amount} required>
            <Field.Label>
              Amount <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input type="number" min={0.01} step="0.01" textAlign="end" {...register('amount')} />
            </InputGroup>
            <Field.ErrorText>{errors.amount?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.method} required>
            <Field.Label>
              Method <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('method')}>
                {PAYMENT_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {method}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.method?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.reference}>
            <Field.Label>Reference</Field.Label>
            <Input placeholder="Check #, ACH trace, ..." {...register('reference')} />
            <Field.ErrorText>{errors.reference?.message}</Field.ErrorText>
          </Field.Root>
          <GridItem colSpan={{ sm: 2 }}>
            <Field.Root invalid={!!errors.notes}>
              <Field.Label>Notes</Field.Label>
              <Textarea rows={2} autoresize {...register('notes')} />
              <Field.ErrorText>{errors.notes?.message}</Field.ErrorText>
            </Field.Root>
          </GridItem>
        </Grid>
      </Dialog.Body>
      <DialogActions disabled={isSubmitting}>
        <Button
          type="submit"
          loading={isSubmitting}
          loadingText={editing ? 'Updating...' : 'Recording...'}
        >
          {editing ? 'Update Payment' : 'Record Payment'}
        </Button>
      </DialogActions>
    </chakra.form>
  );
}

/**
 * The dialog's content, mounted while it is open. The invoices are fetched again at each opening:
 * invoices and orders change on other screens that do not know this picker.
 */
function PaymentDialogBody({
  target,
  onClose,
}: {
  target: PaymentDialogTarget;
  onClose: () => void;
}) {
  const invoices = trpc.payments.invoiceOptions.useQuery(undefined, {
    enabled: target.mode === 'record',
    refetchOnMount: 'always',
  });
  // Fresh rows before the form takes its defaults: the invoice the list linked to may be newer.
  if (target.mode === 'edit' || (invoices.data && invoices.isFetchedAfterMount)) {
    const pharmacyId = target.mode === 'record' ? target.pharmacyId : undefined;
    const offered = (invoices.data ?? []).filter(
      (invoice) => pharmacyId === undefined || invoice.pharmacyId === pharmacyId,
    );
    return <PaymentForm target={target} invoices={offered} onDone={onClose} />;
  }
  return (
    <Dialog.Body py="10" textAlign="center" color={invoices.isError ? 'fg.error' : 'fg.muted'}>
      <Dialog.Title srOnly>Record Payment</Dialog.Title>
      {invoices.isError ? `Failed to load invoices: ${errorMessage(invoices.error)}` : 'Loading...'}
    </Dialog.Body>
  );
}

/** Records or edits a payment; in edit mode its invoice cannot change (spec §2). */
export function PaymentDialog({
  target,
  onClose,
}: {
  target: PaymentDialogTarget | null;
  onClose: () => void;
}) {
  // The last target stays while the dialog animates out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const current = target ?? shown;

  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="lg"
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="payment-dialog">
            {current ? <PaymentDialogBody target={current} onClose={onClose} /> : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
