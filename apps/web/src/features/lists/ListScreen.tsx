import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Button, HStack } from '@chakra-ui/react';
import type { QueryKey } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { PageHeader } from '../../components/PageHeader';
import { useCan } from '../auth/can';
import { capitalize } from '../../lib/text';
import { NAV_ITEMS } from '../shell/nav';
import { ExportCsvButton } from './ExportCsvButton';
import type { DeleteConfirmation as Confirmation } from './DeleteConfirmation';
import {
  ListCount,
  ListFilter,
  ListTabs,
  ListToolbar,
  ListView,
  listInput,
  useInfiniteList,
} from './ListPage';
import { ListControlsBar, toggledOrder, type Sorting } from './ListControls';
import { ListRow, type Column, type RowHandlers } from './ListRow';
import { rememberListSearch } from './remember';
import type { ListDefinition, ListSearch, NewRecordLink } from './route';
import { useListSearch } from './useListSearch';
import { usePendingDelete } from './usePendingDelete';

// Only a record opened or deleted needs the confirmation: it loads then. React.lazy drops the
// component's type parameter.
const DeleteConfirmation = lazy(() =>
  import('./DeleteConfirmation').then((m) => ({ default: m.DeleteConfirmation })),
) as unknown as typeof Confirmation;

/** A header button that adds a record: a link to its form, or a dialog of the page. */
type NewRecord = NewRecordLink | { label: string; outline?: boolean; onClick: () => void };

/** What a list's details dialog is given: the record viewed (null: closed) and its row's state. */
export interface DetailsProps<TItem, TState> {
  record: TItem | null;
  onClose: () => void;
  state: TState;
}

/** A page's actions on its records (status changes, downloads, dialogs): `useOrderActions`… */
export interface ListActions<TItem, TState> {
  /**
   * What this record's cells and its details dialog need beside it: its flags (a status change in
   * flight…) and the page's stable callbacks. A row renders again when one of these values changes.
   */
  rowState: (item: TItem) => TState;
  /** The New button, where it opens a dialog of the page rather than the record's form. */
  newRecord?: NewRecord;
  /** The page's dialogs. */
  dialogs?: ReactNode;
}

/** What a list page adds to its list's definition. */
interface ListPageParts<TItem, TState> {
  columns: readonly Column<TItem, TState>[];
  /**
   * The details dialog of a record: a lazy component, mounted from the first View on, so that the
   * list's first load does not download it.
   */
  details: ComponentType<DetailsProps<TItem, TState>>;
  /** Header buttons before Export CSV. */
  header?: ReactNode;
  /** The page's actions, a hook called at every render of the page. */
  useActions?: () => ListActions<TItem, TState>;
  /**
   * A tab whose panel is not the list's rows (the pharmacies' licence issues): its content for
   * the open tab and filter text, or null for the rows. `view` opens a record's details.
   */
  tabPanel?: (
    search: { tab: string | undefined; q: string | undefined },
    view: (item: TItem) => void,
  ) => ReactNode;
}

/**
 * A list page: its header (the `header` buttons, Export CSV, New …), the tabs, filter and count,
 * the table, the details dialog and the delete confirmation. The list's definition
 * (`features/x/list.ts`) gives its names, texts and query; the page its columns and dialogs.
 */
export function listPage<
  TItem extends { id: number },
  TState,
  TError,
  TKey extends QueryKey,
  TPageParam,
  TTab extends string,
  TCursor,
  TSort extends string,
>(
  list: ListDefinition<TItem, TError, TKey, TPageParam, TTab, TCursor, TSort>,
  { columns, details: Details, header, tabPanel, ...parts }: ListPageParts<TItem, TState>,
) {
  const useActions: () => ListActions<TItem, TState> | undefined = parts.useActions ?? noActions;
  const { names, tabs, empty } = list;
  const One = capitalize(names.one);
  const count = list.count === true ? {} : list.count;
  const sortFields = columns.flatMap((column) =>
    column.sort && list.sorts?.includes(column.sort as TSort)
      ? [{ field: column.sort, label: column.label }]
      : [],
  );
  // The empty state shows the list's icon in the side menu.
  const Icon = NAV_ITEMS.find((item) => item.to === `/${names.many}`)?.icon;

  return function ListScreen() {
    // The same hooks on every render: `useActions` is the page's for good.
    const actions = useActions();
    const routeSearch = useSearch({ strict: false });
    // The route's `validateSearch` is the list's `search` (route.ts).
    const params = routeSearch as ListSearch<TTab, TSort>;
    const options = list.query(params);
    const search = useListSearch(params);
    const { update } = search;
    const sorting = useMemo<Sorting>(
      () => ({
        sort: params.sort,
        order: params.order,
        onSort: (sort, order) =>
          update(sort ? { sort, order } : { sort: undefined, order: undefined }),
        onToggle: (field) => update((prev) => ({ sort: field, order: toggledOrder(prev, field) })),
      }),
      [params.sort, params.order, update],
    );
    // The side menu reopens the list as it is now.
    const kept = JSON.stringify(params);
    useEffect(() => rememberListSearch(`/${names.many}`, JSON.parse(kept)), [kept]);
    const rows = useInfiniteList(options);
    const [viewing, setViewing] = useState<TItem | null>(null);
    // The last record viewed: the dialog mounts at the first View and shows it while it closes.
    const [viewed, setViewed] = useState<TItem | null>(null);
    const pending = usePendingDelete<TItem>();
    const can = useCan();
    const mayRemove = can(list.permissions.remove);
    const on = useMemo<RowHandlers<TItem>>(
      () => ({
        view: (item) => {
          setViewing(item);
          setViewed(item);
        },
        remove: mayRemove ? pending.ask : undefined,
        can,
      }),
      [pending.ask, mayRemove, can],
    );
    const rowState = (item: TItem) => actions?.rowState(item) as TState;

    // Every list route has its form at `/<many>/new`.
    const newRecord = actions?.newRecord ??
      list.newRecord ?? { label: `New ${One}`, to: `/${names.many}/new` as NewRecordLink['to'] };
    const headerActions = (
      <>
        {header}
        {/* The export answers what the list query does, page after page: the paging is its own. */}
        <ExportCsvButton
          path={`/api/${names.many}.csv`}
          filters={{ ...listInput(options.queryKey), limit: undefined }}
        />
        {can(list.permissions.write)
          ? ('label' in newRecord ? [newRecord] : newRecord).map((record) => (
              <NewRecordButton key={record.label} record={record} />
            ))
          : null}
      </>
    );

    const filter = (
      <ListFilter
        search={search}
        list={rows}
        label={`Filter ${names.many}`}
        placeholder={list.placeholder}
        maxW={list.filterMaxW}
      />
    );
    const countText = count ? (
      <ListCount
        list={rows}
        one={names.one}
        many={names.many}
        testId={count.testId ?? `${names.one}-count`}
      />
    ) : null;
    const toolbarCount = count?.below ? null : countText;

    const view = (
      <ListView
        list={rows}
        columns={columns}
        plural={names.many}
        q={search.q}
        empty={{
          icon: Icon ? <Icon /> : null,
          text:
            params.tab && empty?.tab
              ? empty.tab(params.tab)
              : (empty?.text ??
                (can(list.permissions.write)
                  ? `No ${names.many} yet — click New ${One} to get started.`
                  : `No ${names.many} yet.`)),
        }}
        row={(item) => (
          <ListRow
            key={item.id}
            item={item}
            testId={list.rowTestId ? list.rowTestId(item) : `${names.one}-row-${item.id}`}
            columns={columns}
            on={on}
            state={rowState(item)}
          />
        )}
        footerStart={count?.below ? countText : undefined}
        sorting={sortFields.length > 0 ? sorting : undefined}
      />
    );
    const listWithControls = (
      <>
        <ListControlsBar
          controls={list}
          params={params}
          search={search}
          sortFields={sortFields}
          sorting={sorting}
        />
        {view}
      </>
    );

    return (
      <>
        <PageHeader
          title={capitalize(names.many)}
          description={list.description}
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
            {tabPanel?.({ tab: params.tab, q: search.q }, on.view) ?? listWithControls}
          </ListTabs>
        ) : (
          <>
            <ListToolbar start={filter} end={toolbarCount} />
            {listWithControls}
          </>
        )}
        <Suspense fallback={null}>
          {viewed ? (
            <Details record={viewing} onClose={() => setViewing(null)} state={rowState(viewed)} />
          ) : null}
        </Suspense>
        <Suspense fallback={null}>
          {pending.target ? (
            <DeleteConfirmation
              entity={names.one}
              list={names.many}
              pending={pending}
              message={list.deleteMessage}
              refresh={list.refresh ?? [names.many]}
            />
          ) : null}
        </Suspense>
        {actions?.dialogs}
      </>
    );
  };
}

/** The actions of a page without any. */
function noActions(): undefined {
  return undefined;
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
