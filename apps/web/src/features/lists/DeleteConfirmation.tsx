import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { capitalize } from '../../lib/text';
import { trpc, type RouterInputs } from '../../lib/trpc';
import type { usePendingDelete } from './usePendingDelete';

/**
 * The lists: the routers with a `list` and a `delete`, by name. Each deletes its own records, and
 * a delete can change the rows of others (a pharmacy's takes its invoices...).
 */
export type ListName = {
  [K in keyof RouterInputs]: 'list' | 'delete' extends keyof RouterInputs[K] ? K : never;
}[keyof RouterInputs];

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

/**
 * Delete after a confirmation: `pending.ask(record)` (stable, for memoised rows) opens it with
 * `message(record)`; the answer is the spec's toast ('Order deleted successfully', 'Failed to
 * delete order: …'), and the `refresh` lists are fetched again. A list's rows and a record page
 * (RecordDelete.tsx) both ask it.
 */
export function DeleteConfirmation<TRecord extends { id: number }>({
  entity,
  list,
  pending,
  message,
  refresh,
  onDeleted,
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
  /** After the delete and its toast (a record page leaves for its list), before the refresh. */
  onDeleted?: () => void;
}) {
  const utils = trpc.useUtils();
  // Every list's router has its `delete`: the list's name is all a page gives.
  const mutation = (trpc[list].delete as DeleteProcedure).useMutation();
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
          onDeleted?.();
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
