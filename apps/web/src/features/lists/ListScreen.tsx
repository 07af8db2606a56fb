import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, HStack, type InputGroupProps } from '@chakra-ui/react';
import type { QueryKey } from '@tanstack/react-query';
import { Link, useSearch, type LinkProps } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { PageHeader } from '../../components/PageHeader';
import { capitalize } from '../../lib/text';
import { ExportCsvButton } from './ExportCsvButton';
import type { DeleteConfirmation as Confirmation, ListName } from './DeleteConfirmation';
import {
  ListCount,
  ListFilter,
  ListTabs,
  ListToolbar,
  ListView,
  listInput,
  useInfiniteList,
  type ListQueryOptions,
} from './ListPage';
import { ListRow, type Column, type RowHandlers } from './ListRow';
import type { ListSearch } from './route';
import { useListSearch } from './useListSearch';
import { usePendingDelete } from './usePendingDelete';

type LinkTo = LinkProps['to'];

/** A header button that adds a record: a link to its form, or a dialog of the page. */
type NewRecord = { label: string; outline?: boolean } & ({ to: LinkTo } | { onClick: () => void });

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
  TTab extends string,
> = ListScreenFilter & {
  /** 'order' and 'orders': what the texts, test ids and paths below are made of by default. */
  names: { one: string; many: ListName };
  /** `Orders` unless given. */
  title?: string;
  description: string;
  /** Header buttons before Export CSV. */
  actions?: ReactNode;
  /** `New Order`, a link to `/orders/new`, unless given. */
  newRecord?: NewRecord | readonly NewRecord[];
  /** The query options of the list's rows for the route's search params (`xList`, features/x/list.ts). */
  list: (search: ListSearch<TTab>) => ListQueryOptions<TItem, TError, TKey, TPageParam>;
  /** The tabs (`order-tabs`) over the list, the 'all' tab first. */
  tabs?: readonly { value: string; label: string }[];
  /** 'Showing first 50' or '3 orders' (`order-count`), beside the filter or `below` the table. */
  count?: true | { below?: boolean; testId?: string };
  columns: readonly Column<TItem, TState>[];
  /**
   * What this record's cells need beside it: its flags (a status change in flight…) and the
   * page's stable callbacks. A row renders again when one of these values changes.
   */
  rowState?: (item: TItem) => TState;
  /** The row's test id; `<one>-row-<id>` unless given. */
  rowTestId?: (item: TItem) => string;
  /**
   * The empty state: its `text` (`No orders yet — click New Order to get started.` unless given),
   * or the `tab` text while a tab other than 'all' is open.
   */
  empty: {
    icon: ReactNode;
    text?: string;
    tab?: (tab: NonNullable<ListSearch<TTab>['tab']>) => string;
  };
  /**
   * The details dialog of the record `viewing` (null: closed): a lazy component, mounted from the
   * first View on, so that the list's first load does not download it.
   */
  details?: (viewing: TItem | null, close: () => void) => ReactNode;
  /** The delete confirmation's text: the row's Delete asks it. */
  deleteMessage: (item: TItem) => string;
  /** The lists fetched again after a delete; `[many]` unless given. */
  refreshOnDelete?: readonly ListName[];
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
  TTab extends string,
>(props: ListScreenProps<TItem, TState, TError, TKey, TPageParam, TTab>) {
  const { names, tabs, actions, columns, rowState, rowTestId, empty } = props;
  const One = capitalize(names.one);
  const count = props.count === true ? {} : props.count;
  const routeSearch = useSearch({ strict: false });
  // The route's `validateSearch` is the list's `listSearch(tabs)` (route.ts).
  const params = routeSearch as ListSearch<TTab>;
  const options = props.list(params);
  const search = useListSearch(params);
  const list = useInfiniteList(options);
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

  // Every list route has its form at `/<many>/new`.
  const newRecord = props.newRecord ?? { label: `New ${One}`, to: `/${names.many}/new` as LinkTo };
  const headerActions = (
    <>
      {actions}
      {/* The export answers what the list query does, page after page: the paging is its own. */}
      <ExportCsvButton
        path={`/api/${names.many}.csv`}
        filters={{ ...listInput(options.queryKey), limit: undefined }}
      />
      {('label' in newRecord ? [newRecord] : newRecord).map((record) => (
        <NewRecordButton key={record.label} record={record} />
      ))}
    </>
  );

  const filter =
    props.filter ??
    (props.placeholder !== undefined ? (
      <ListFilter
        search={search}
        list={list}
        label={`Filter ${names.many}`}
        placeholder={props.placeholder}
        maxW={props.filterMaxW}
      />
    ) : null);
  const countText = count ? (
    <ListCount
      list={list}
      one={names.one}
      many={names.many}
      testId={count.testId ?? `${names.one}-count`}
    />
  ) : null;
  const toolbarCount = count?.below ? null : countText;

  const view = (
    <ListView
      list={list}
      columns={columns}
      plural={names.many}
      q={props.filter === undefined ? search.q : undefined}
      empty={{
        icon: empty.icon,
        text:
          params.tab && empty.tab
            ? empty.tab(params.tab)
            : (empty.text ?? `No ${names.many} yet — click New ${One} to get started.`),
      }}
      row={(item) => (
        <ListRow
          key={item.id}
          item={item}
          testId={rowTestId ? rowTestId(item) : `${names.one}-row-${item.id}`}
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
      <PageHeader
        title={props.title ?? capitalize(names.many)}
        description={props.description}
        actions={headerActions}
      />
      {tabs ? (
        <ListTabs
          tabs={tabs}
          search={search}
          testId={`${names.one}-tabs`}
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
        {pending.target ? (
          <DeleteConfirmation
            entity={names.one}
            list={names.many}
            pending={pending}
            message={props.deleteMessage}
            refresh={props.refreshOnDelete ?? [names.many]}
          />
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
