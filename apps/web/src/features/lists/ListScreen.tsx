import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, HStack, type InputGroupProps } from '@chakra-ui/react';
import type { QueryKey } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { PageHeader } from '../../components/PageHeader';
import { ExportCsvButton } from './ExportCsvButton';
import type { DeleteConfirmation as Confirmation, ListDeletion } from './DeleteConfirmation';
import {
  ListCount,
  ListFilter,
  ListTabs,
  ListToolbar,
  ListView,
  useInfiniteList,
  type ListQueryOptions,
} from './ListPage';
import { ListRow, type Column, type RowHandlers } from './ListRow';
import type { ListSearch } from './route';
import { useListSearch } from './useListSearch';
import { usePendingDelete } from './usePendingDelete';

/** A header button that adds a record: a link to its form, or a dialog of the page. */
type NewRecord = { label: string; outline?: boolean } & (
  { to: LinkProps['to'] } | { onClick: () => void }
);

/** The text filter, or (activity's user) another filter in its place. */
type ListScreenFilter =
  | { placeholder: string; filterMaxW?: InputGroupProps['maxW']; filter?: never }
  | { filter: ReactNode; placeholder?: never; filterMaxW?: never };

// Only a record opened or deleted needs the confirmation: it loads then. React.lazy drops the
// component's type parameter.
const DeleteConfirmation = lazy(() =>
  import('./DeleteConfirmation').then((m) => ({ default: m.DeleteConfirmation })),
) as unknown as typeof Confirmation;

type ListScreenProps<
  TItem,
  TState,
  TError,
  TKey extends QueryKey,
  TPageParam,
> = ListScreenFilter & {
  title: string;
  description: string;
  /** Header buttons before Export CSV. */
  actions?: ReactNode;
  /** Export CSV's path; the text filter goes with `exportFilters`. */
  exportPath?: string;
  exportFilters?: Record<string, string | undefined>;
  newRecord?: NewRecord | readonly NewRecord[];
  /** The route's search params. */
  search: ListSearch<string>;
  /** The query options of the list's rows (`xList(search)`, features/x/list.ts). */
  list: ListQueryOptions<TItem, TError, TKey, TPageParam>;
  tabs?: { list: readonly { value: string; label: string }[]; testId: string };
  /** 'order' and 'orders': the count, the delete confirmation, the table's test id and texts. */
  names: { one: string; many: string };
  /** 'Showing first 50' or '3 orders', beside the filter or `below` the table. */
  count?: { testId: string; below?: boolean };
  columns: readonly Column<TItem, TState>[];
  /**
   * What this record's cells need beside it: its flags (a status change in flight…) and the
   * page's stable callbacks. A row renders again when one of these values changes.
   */
  rowState?: (item: TItem) => TState;
  /** The row's test id; `<one>-row-<id>` unless given. */
  rowTestId?: (item: TItem) => string;
  empty: { icon: ReactNode; text: string };
  /**
   * The details dialog of the record `viewing` (null: closed): a lazy component, mounted from the
   * first View on, so that the list's first load does not download it.
   */
  details?: (viewing: TItem | null, close: () => void) => ReactNode;
  deletion?: ListDeletion<TItem>;
  /** The page's other dialogs. */
  children?: ReactNode;
};

/**
 * A list page: its header (actions, Export CSV, New …), the tabs, filter and count, the table,
 * the details dialog and the delete confirmation. A page gives its texts and its columns.
 */
export function ListScreen<
  TItem extends { id: number },
  TState,
  TError,
  TKey extends QueryKey,
  TPageParam,
>(props: ListScreenProps<TItem, TState, TError, TKey, TPageParam>) {
  const { tabs, count, exportPath, newRecord, actions, columns, rowState, rowTestId } = props;
  const search = useListSearch(props.search);
  const list = useInfiniteList(props.list);
  const [viewing, setViewing] = useState<TItem | null>(null);
  const [viewed, setViewed] = useState(false);
  const pending = usePendingDelete<TItem>();
  const on = useMemo<RowHandlers<TItem>>(
    () => ({
      view: (item) => {
        setViewing(item);
        setViewed(true);
      },
      remove: pending.ask,
    }),
    [pending.ask],
  );

  const newRecords = newRecord === undefined ? [] : 'label' in newRecord ? [newRecord] : newRecord;
  const headerActions =
    actions || exportPath || newRecords.length > 0 ? (
      <>
        {actions}
        {exportPath ? (
          <ExportCsvButton path={exportPath} filters={{ q: search.q, ...props.exportFilters }} />
        ) : null}
        {newRecords.map((record) => (
          <NewRecordButton key={record.label} record={record} />
        ))}
      </>
    ) : undefined;

  const filter =
    props.filter ??
    (props.placeholder !== undefined ? (
      <ListFilter
        search={search}
        list={list}
        label={`Filter ${props.names.many}`}
        placeholder={props.placeholder}
        maxW={props.filterMaxW}
      />
    ) : null);
  const countText = count ? (
    <ListCount list={list} one={props.names.one} many={props.names.many} testId={count.testId} />
  ) : null;
  const toolbarCount = count?.below ? null : countText;

  const view = (
    <ListView
      list={list}
      columns={columns}
      plural={props.names.many}
      q={props.filter === undefined ? search.q : undefined}
      empty={props.empty}
      row={(item) => (
        <ListRow
          key={item.id}
          item={item}
          testId={rowTestId ? rowTestId(item) : `${props.names.one}-row-${item.id}`}
          columns={columns}
          on={on}
          state={rowState?.(item) as TState}
        />
      )}
      footerStart={count?.below ? countText : undefined}
    />
  );

  return (
    <>
      <PageHeader title={props.title} description={props.description} actions={headerActions} />
      {tabs ? (
        <ListTabs
          tabs={tabs.list}
          search={search}
          testId={tabs.testId}
          filter={
            toolbarCount ? (
              <HStack gap="3" flex="1" justify="space-between" wrap="wrap">
                {filter}
                {toolbarCount}
              </HStack>
            ) : (
              filter
            )
          }
        >
          {view}
        </ListTabs>
      ) : (
        <>
          <ListToolbar start={filter} end={toolbarCount} />
          {view}
        </>
      )}
      <Suspense fallback={null}>
        {viewed ? props.details?.(viewing, () => setViewing(null)) : null}
      </Suspense>
      <Suspense fallback={null}>
        {props.deletion && pending.target ? (
          <DeleteConfirmation entity={props.names.one} pending={pending} {...props.deletion} />
        ) : null}
      </Suspense>
      {props.children}
    </>
  );
}

function NewRecordButton({ record }: { record: NewRecord }) {
  const style = record.outline
    ? ({ variant: 'outline', colorPalette: 'gray', bg: 'bg.panel' } as const)
    : {};
  if ('onClick' in record)
    return (
      <Button {...style} onClick={record.onClick}>
        <LuPlus /> {record.label}
      </Button>
    );
  return (
    <Button {...style} asChild>
      <Link to={record.to}>
        <LuPlus /> {record.label}
      </Link>
    </Button>
  );
}
