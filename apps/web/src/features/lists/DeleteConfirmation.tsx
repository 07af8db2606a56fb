import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import type { usePendingDelete } from './usePendingDelete';

/** The lists whose rows a delete can change (a pharmacy's delete takes its invoices...). */
type ListName = 'pharmacies' | 'products' | 'orders' | 'invoices' | 'payments';

/** What a list needs to delete one of its records (see `DeleteConfirmation`). */
export interface ListDeletion<TRecord> {
  /** The spec's confirmation text. */
  message: (record: TRecord) => string;
  /** The record's delete procedure, `trpc.x.delete`. */
  procedure: {
    useMutation: () => {
      mutate: (
        input: { id: number },
        callbacks: { onSuccess: () => Promise<void>; onError: (error: unknown) => void },
      ) => void;
      isPending: boolean;
    };
  };
  /** The lists to refresh after it. */
  refresh: readonly ListName[];
}

/**
 * Delete after a confirmation: `pending.ask(record)` (stable, for memoised rows) opens it with
 * `message(record)`; the answer is the spec's toast ('Order deleted successfully', 'Failed to
 * delete order: …'), and the `refresh` lists are fetched again.
 */
export function DeleteConfirmation<TRecord extends { id: number }>({
  entity,
  pending,
  message,
  procedure,
  refresh,
}: ListDeletion<TRecord> & {
  /** 'order': the dialog's title and the toasts name it. */
  entity: string;
  pending: ReturnType<typeof usePendingDelete<TRecord>>;
}) {
  const utils = trpc.useUtils();
  const mutation = procedure.useMutation();
  const invalidate = async () => {
    await Promise.all(refresh.map((list) => utils[list].invalidate()));
  };
  const confirm = (record: TRecord) =>
    mutation.mutate(
      { id: record.id },
      {
        onSuccess: async () => {
          pending.close();
          notify.success(
            `${entity.charAt(0).toUpperCase()}${entity.slice(1)} deleted successfully`,
          );
          await invalidate();
        },
        onError: (error) => {
          pending.close();
          notify.error('Error', `Failed to delete ${entity}: ${errorMessage(error)}`);
        },
      },
    );
  return (
    <ConfirmDialog
      open={pending.open}
      onOpenChange={pending.setOpen}
      title={`Delete ${entity}`}
      message={pending.target ? message(pending.target) : ''}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={mutation.isPending}
      onConfirm={() => {
        if (pending.target) confirm(pending.target);
      }}
    />
  );
}
