import { useState } from 'react';
import {
  Button,
  chakra,
  Dialog,
  Field,
  Grid,
  Input,
  InputGroup,
  NativeSelect,
} from '@chakra-ui/react';
import {
  formatUsd,
  PAYMENT_METHODS,
  todayIso,
  toCents,
  type PaymentMethod,
} from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { typedCents, useCashRefresh, type CashSource } from './cash';
import { DIALOG_FORM, DIALOG_HEADER, FormDialog } from './FormDialog';

function RefundForm({ source, onDone }: { source: CashSource; onDone: () => void }) {
  const [date, setDate] = useState(todayIso);
  const [method, setMethod] = useState<PaymentMethod>('ACH');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(source.unapplied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refund = trpc.refunds.create.useMutation();
  const refresh = useCashRefresh();
  const left = toCents(source.unapplied);

  const submit = async () => {
    const cents = typedCents(amount);
    const found: Record<string, string> = {};
    if (!cents) found.amount = 'Amount must be greater than 0';
    else if (cents > left) found.amount = `At most ${formatUsd(left)} is unapplied`;
    if (!date) found.date = 'Date is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await refund.mutateAsync({
        ...(source.paymentId ? { paymentId: source.paymentId } : {}),
        ...(source.creditNoteId ? { creditNoteId: source.creditNoteId } : {}),
        amount: amount.trim(),
        date,
        method,
        reference,
      });
    } catch (error) {
      setErrors(serverFieldErrors(error));
      notify.error('Error', `Failed to record refund: ${errorMessage(error)}`);
      return;
    }
    notify.success('Refund recorded successfully');
    onDone();
    await refresh();
  };

  return (
    <chakra.form
      {...DIALOG_FORM}
      data-testid="refund-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Dialog.Header {...DIALOG_HEADER}>
        <Dialog.Title>Refund {source.number}</Dialog.Title>
        <Dialog.Description>{formatUsd(source.unapplied)} is unapplied.</Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
          <Field.Root invalid={!!errors.date} required>
            <Field.Label>
              Date <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="date"
              name="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
            <Field.ErrorText>{errors.date}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.amount} required>
            <Field.Label>
              Amount <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input
                name="amount"
                inputMode="decimal"
                textAlign="end"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </InputGroup>
            <Field.ErrorText>{errors.amount}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.method} required>
            <Field.Label>
              Method <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="method"
                value={method}
                onChange={(event) => setMethod(event.target.value as PaymentMethod)}
              >
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.method}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.reference}>
            <Field.Label>Reference</Field.Label>
            <Input
              name="reference"
              placeholder="Check #, ACH trace, ..."
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
            <Field.ErrorText>{errors.reference}</Field.ErrorText>
          </Field.Root>
        </Grid>
      </Dialog.Body>
      <DialogActions disabled={refund.isPending}>
        <Button type="submit" loading={refund.isPending} loadingText="Refunding...">
          Record Refund
        </Button>
      </DialogActions>
    </chakra.form>
  );
}

/** Refunds part of a payment's or credit note's unapplied rest (never more than it). */
export function RefundDialog({
  target,
  onClose,
}: {
  target: CashSource | null;
  onClose: () => void;
}) {
  return (
    <FormDialog target={target} onClose={onClose} testId="refund-dialog">
      {(source) => <RefundForm source={source} onDone={onClose} />}
    </FormDialog>
  );
}
