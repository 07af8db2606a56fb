import { useState } from 'react';
import { Button, chakra, Dialog, Field, Textarea } from '@chakra-ui/react';
import { formatUsd } from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage, serverFieldErrors } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCashRefresh } from './cash';
import { DIALOG_FORM, DIALOG_HEADER, FormDialog } from './FormDialog';

export interface VoidTarget {
  id: number;
  sourceNumber: string;
  invoiceNumber: string;
  amount: string;
}

function VoidForm({ allocation, onDone }: { allocation: VoidTarget; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const voiding = trpc.allocations.void.useMutation();
  const refresh = useCashRefresh();

  const submit = async () => {
    if (!reason.trim()) {
      setError('Reason is required');
      return;
    }
    try {
      await voiding.mutateAsync({ id: allocation.id, data: { reason } });
    } catch (err) {
      setError(serverFieldErrors(err).reason);
      notify.error('Error', `Failed to void allocation: ${errorMessage(err)}`);
      return;
    }
    notify.success('Allocation voided');
    onDone();
    await refresh();
  };

  return (
    <chakra.form
      {...DIALOG_FORM}
      data-testid="void-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Dialog.Header {...DIALOG_HEADER}>
        <Dialog.Title>Void allocation</Dialog.Title>
        <Dialog.Description>
          {formatUsd(allocation.amount)} from {allocation.sourceNumber} goes back to it as
          unapplied, and {allocation.invoiceNumber} owes it again.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Field.Root invalid={!!error} required>
          <Field.Label>
            Reason <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="reason"
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Dialog.Body>
      <DialogActions disabled={voiding.isPending}>
        <Button
          type="submit"
          colorPalette="red"
          loading={voiding.isPending}
          loadingText="Voiding..."
        >
          Void
        </Button>
      </DialogActions>
    </chakra.form>
  );
}

/** Voids one allocation, with the reason the record keeps. */
export function VoidAllocationDialog({
  target,
  onClose,
}: {
  target: VoidTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog target={target} onClose={onClose} testId="void-dialog" size="sm">
      {(allocation) => <VoidForm allocation={allocation} onDone={onClose} />}
    </FormDialog>
  );
}
