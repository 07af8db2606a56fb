import { useState } from 'react';
import { Button, chakra, Dialog } from '@chakra-ui/react';
import { formatUsd, toCents } from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { typedCents, useCashRefresh, type CashSource } from './cash';
import { CashFields, newCashFields } from './CashFields';
import { DIALOG_FORM, DIALOG_HEADER, FormDialog } from './FormDialog';

function RefundForm({ source, onDone }: { source: CashSource; onDone: () => void }) {
  const [fields, setFields] = useState(() => newCashFields(source.unapplied));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refund = trpc.refunds.create.useMutation();
  const refresh = useCashRefresh();
  const left = toCents(source.unapplied);

  const submit = async () => {
    const { amount, date, method, reference } = fields;
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
        <CashFields values={fields} onChange={setFields} errors={errors} />
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
