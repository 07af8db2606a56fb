import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { capitalize } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import type { usePendingDelete } from './usePendingDelete';

/**
 * The lists: each deletes its own records, and a delete can change the rows of others (a
 * pharmacy's takes its invoices...).
 */
export type ListName = 'pharmacies' | 'products' | 'orders' | 'invoices' | 'payments';

/** What a list's delete procedure offers. */
interface DeleteProcedure {
  useMutation: () => {
    mutate: (
      input: { id: number },
      callbacks: { onSuccess: () => Promise<void>; onError: (error: unknown) => void },
    ) => void;
    isPending: boolean;
  };
}

const DELETE: Record<ListName, DeleteProcedure> = {
  pharmacies: trpc.pharmacies.delete,
  products: trpc.products.delete,
  orders: trpc.orders.delete,
  invoices: trpc.invoices.delete,
  payments: trpc.payments.delete,
};

/**
 * Delete after a confirmation: `pending.ask(record)` (stable, for memoised rows) opens it with
 * `message(record)`; the answer is the spec's toast ('Order deleted successfully', 'Failed to
 * delete order: …'), and the `refresh` lists are fetched again.
 */
export function DeleteConfirmation<TRecord extends { id: number }>({
  entity,
  list,
  pending,
  message,
  refresh,
}: {
  /** 'order': the dialog's title and the toasts name it. */
  entity: string;
  /** The list whose delete procedure deletes the record. */
  list: ListName;
  pending: ReturnType<typeof usePendingDelete<TRecord>>;
  /** The spec's confirmation text. */
  message: (record: TRecord) => string;
  /** The lists to refresh after it. */
  refresh: readonly ListName[];
}) {
  const utils = trpc.useUtils();
  const mutation = DELETE[list].useMutation();
  const invalidate = async () => {
    await Promise.all(refresh.map((list) => utils[list].invalidate()));
  };
  const confirm = (record: TRecord) =>
    mutation.mutate(
      { id: record.id },
      {
        onSuccess: async () => {
          pending.close();
          notify.success(`${capitalize(entity)} deleted successfully`);
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
