import { lazy, Suspense } from 'react';
import { Button } from '@chakra-ui/react';
import { useNavigate, type LinkProps } from '@tanstack/react-router';
import { LuTrash2 } from 'react-icons/lu';
import { useCan } from '../auth/can';
import type { DeleteConfirmation as Confirmation } from '../lists/DeleteConfirmation';
import { rememberedListSearch } from '../lists/remember';
import type { ListDefinition } from '../lists/route';
import { usePendingDelete } from '../lists/usePendingDelete';

// Loaded at the first Delete, as on the lists: no record page's first load carries it. React.lazy
// drops the component's type parameter.
const DeleteConfirmation = lazy(() =>
  import('../lists/DeleteConfirmation').then((m) => ({ default: m.DeleteConfirmation })),
) as unknown as typeof Confirmation;

/** What a record page's Delete takes from its list's definition (`ordersList`). */
type DeletingList<T> = Pick<
  ListDefinition<T, unknown, never, unknown, string, unknown>,
  'names' | 'permissions' | 'deleteMessage' | 'refresh'
>;

/**
 * A record page's Delete: the list's own confirmation, procedure, permission (a role without it
 * does not see the button) and toasts; after the delete, the list as the side menu reopens it.
 */
export function RecordDelete<T extends { id: number }>({
  list,
  record,
}: {
  list: DeletingList<T>;
  record: T;
}) {
  const can = useCan();
  const navigate = useNavigate();
  const pending = usePendingDelete<T>();
  if (!can(list.permissions.remove)) return null;
  const to = `/${list.names.many}`;
  return (
    <>
      <Button
        variant="outline"
        colorPalette="red"
        onClick={() => pending.ask(record)}
        data-testid="record-delete"
      >
        <LuTrash2 /> Delete
      </Button>
      <Suspense fallback={null}>
        {pending.target ? (
          <DeleteConfirmation
            entity={list.names.one}
            list={list.names.many}
            pending={pending}
            message={list.deleteMessage}
            refresh={list.refresh ?? [list.names.many]}
            onDeleted={() =>
              void navigate({
                to: to as LinkProps['to'],
                // The route's validateSearch checks what was kept.
                search: (rememberedListSearch(to) ?? {}) as never,
              })
            }
          />
        ) : null}
      </Suspense>
    </>
  );
}
