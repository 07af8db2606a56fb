import { useNavigate, type LinkProps } from '@tanstack/react-router';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/forms';
import { notify } from '../../lib/notify';
import { capitalize } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import type { ListName } from './DeleteConfirmation';

/** What a record's form needs of its list's definition (list.ts). */
interface RecordList {
  names: { one: string; many: ListName };
  refresh?: readonly ListName[];
}

/** Fetches again the lists a save of one of the list's records can change. */
export function useListRefresh(list: RecordList) {
  const utils = trpc.useUtils();
  return () =>
    Promise.all((list.refresh ?? [list.names.many]).map((name) => utils[name].invalidate()));
}

/**
 * The submit of a record's form: checks the form and `save`s its data; then the spec's toast
 * ('Order created successfully', or updated), the list's `refresh` lists fetched again and back to
 * the list. A refusal puts the server's messages under `fields` and says why ('Failed to create
 * order: …'); `save` resolving to false is the user cancelling it (nothing to say).
 */
export function useRecordSubmit<TValues extends FieldValues, TData>(
  form: UseFormReturn<TValues, unknown, TData>,
  list: RecordList,
  {
    isEdit,
    fields,
    save,
  }: {
    isEdit: boolean;
    /** The fields the server's messages may be about. */
    fields: () => readonly Path<TValues>[];
    save: (data: TData) => Promise<unknown>;
  },
) {
  const refresh = useListRefresh(list);
  const navigate = useNavigate();
  const { one, many } = list.names;
  return form.handleSubmit(async (data) => {
    try {
      if ((await save(data)) === false) return;
    } catch (error) {
      applyServerFieldErrors(error, form.setError, fields());
      notify.error(
        'Error',
        `Failed to ${isEdit ? 'update' : 'create'} ${one}: ${errorMessage(error)}`,
      );
      return;
    }
    notify.success(`${capitalize(one)} ${isEdit ? 'updated' : 'created'} successfully`);
    await refresh();
    // Every list route is at `/<many>`.
    await navigate({ to: `/${many}` as LinkProps['to'] });
  });
}
