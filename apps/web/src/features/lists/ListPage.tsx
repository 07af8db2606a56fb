/**
 * The list-page kit. Every list pages through a tRPC `list` procedure the same way (keyset
 * cursor, `{ items, nextCursor }`), keeps its filter and tab in the URL, shows the same five
 * skeleton rows, error row, empty row and "Load more", and deletes after the same confirmation with
 * the same toasts. Written once here, a list page is its definition and its columns.
 *
 * A list `x` takes (pharmacies is the shortest example, orders the fullest):
 * - `features/x/list.ts`: `xList = defineList({ names, description, tabs, placeholder, …, query })`
 *   (route.ts): what it is called ('order', 'orders': the title, Export CSV's path, the New
 *   button, the test ids, the empty state's icon and the default texts follow from them), its own
 *   texts, and `query(search)`, the query options of its first rows,
 *   `api.x.list.infiniteQueryOptions(input, listPaging)`. Apart from the page because the route
 *   imports it, and route options are part of the first-load bundle (`route.ts`).
 * - `routes/_app/x/index.tsx`: `validateSearch: xList.search`, `loaderDeps: ({ search }) => search`,
 *   `loader: listLoader(xList.query)`: hovering a link to the list fetches the rows the page will
 *   show.
 * - `features/x/XPage.tsx`: `listPage(xList, { columns, details, useActions })` (ListScreen.tsx):
 *   its columns (ListRow.tsx: a label and a `cell(item, row)` each; columns.tsx has the shared
 *   ones), its lazy details dialog and, where it has them, its actions on the records (a hook:
 *   what the cells and the details dialog need beside the record, its dialogs). The screen puts
 *   together the pieces below.
 */
import { useId, useMemo, type KeyboardEvent, type ReactNode } from 'react';
import {
  Box,
  chakra,
  Flex,
  Table,
  Text,
  useSlotRecipe,
  type InputGroupProps,
} from '@chakra-ui/react';
import {
  hashKey,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import { LuSearchX } from 'react-icons/lu';
import { FilterInput } from '../../components/FilterInput';
import { errorMessage } from '../../lib/errors';
import {
  columnDisplay,
  EmptyRow,
  ErrorRow,
  ListTable,
  LoadMoreButton,
  SkeletonRows,
  useDeferredRows,
} from './DataTable';
import { ariaSort, SortHeader, type Sorting } from './ListControls';
import { listRowCss, type StyledColumn } from './ListRow';
import { isRefiltering, type useListSearch } from './useListSearch';

/**
 * What every list procedure answers: a page of rows and the cursor of the next (null: the last),
 * an id, or a text under a sort.
 */
interface ListPageData<TItem, TCursor> {
  items: TItem[];
  nextCursor: TCursor | null;
}

export type ListQueryOptions<
  TItem,
  TError,
  TKey extends QueryKey,
  TPageParam,
  TCursor,
> = UseInfiniteQueryOptions<
  ListPageData<TItem, TCursor>,
  TError,
  InfiniteData<ListPageData<TItem, TCursor>, TPageParam>,
  TKey,
  TPageParam
>;

/** The input of a list's tRPC query, `{ q, status, limit }`, out of its key. */
export function listInput(key: QueryKey | undefined): Record<string, unknown> {
  return (key?.[1] as { input?: Record<string, unknown> } | undefined)?.input ?? {};
}

/** The key's input without its text filter, to tell a new filter from a new tab. */
function hashWithoutFilter(key: QueryKey | undefined): string {
  return hashKey([key?.[0], { ...listInput(key), q: undefined }]);
}

/**
 * The rows of a list query. While the filter text changes the old rows stay, dimmed, so that
 * typing does not flash skeletons; another tab shows skeleton rows rather than rows of another
 * tab.
 */
export function useInfiniteList<TItem, TError, TKey extends QueryKey, TPageParam, TCursor>(
  options: ListQueryOptions<TItem, TError, TKey, TPageParam, TCursor>,
) {
  const query = useInfiniteQuery({
    ...options,
    placeholderData: (previous, previousQuery) =>
      hashWithoutFilter(previousQuery?.queryKey) === hashWithoutFilter(options.queryKey)
        ? previous
        : undefined,
  });
  const { rows, loading } = useDeferredRows(query);
  return { query, rows, loading, refiltering: isRefiltering(query) };
}

export type InfiniteList<TItem> = Pick<
  ReturnType<typeof useInfiniteList<TItem, unknown, QueryKey, unknown, unknown>>,
  'rows' | 'loading' | 'refiltering'
> & {
  query: {
    error: unknown;
    isError: boolean;
    isPlaceholderData: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
};

/** The filter box and what stands beside it (tabs, a count) above a list. */
export function ListToolbar({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <Flex
      mb="4"
      gap="3"
      align={{ base: 'stretch', md: 'center' }}
      justify="space-between"
      direction={{ base: 'column', md: 'row' }}
    >
      {start}
      {end}
    </Flex>
  );
}

/** The text filter of a list page, bound to its `q` search param. */
export function ListFilter({
  search,
  list,
  label,
  placeholder,
  maxW = { base: 'full', md: 'xs' },
}: {
  search: Pick<ReturnType<typeof useListSearch>, 'text' | 'setText'>;
  list: Pick<InfiniteList<unknown>, 'refiltering'>;
  label: string;
  placeholder: string;
  maxW?: InputGroupProps['maxW'];
}) {
  return (
    <FilterInput
      label={label}
      placeholder={placeholder}
      text={search.text}
      onTextChange={search.setText}
      filtering={list.refiltering}
      maxW={maxW}
    />
  );
}

/**
 * Tabs over a list (`tabs` starts with the 'all' tab), with the filter beside them; `children`,
 * the list, is the open tab's panel, so that each tab names the panel it controls. Arrow keys move
 * between tabs and Enter opens one: each opening fetches. Drawn with Chakra's tabs recipe but
 * without its state machine (the tab is the URL's), which is not part of the lists' first load.
 */
export function ListTabs({
  tabs,
  search,
  filter,
  testId,
  children,
}: {
  tabs: readonly { value: string; label: string }[];
  search: Pick<ReturnType<typeof useListSearch>, 'tab' | 'setTab'>;
  filter: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const styles = useSlotRecipe({ key: 'tabs' })({ variant: 'enclosed', size: 'sm' });
  const id = useId();
  const tabId = (value: string) => `${id}-tab-${value}`;
  const panelId = `${id}-panel`;
  // Manual activation, as the tabs pattern has it: arrows and Home/End move focus, Enter or Space
  // (a click) opens.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const triggers = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = triggers.indexOf(document.activeElement as HTMLElement);
    const next = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: triggers.length - 1,
    }[event.key];
    if (next === undefined || at < 0) return;
    event.preventDefault();
    triggers[(next + triggers.length) % triggers.length]?.focus();
  };
  return (
    <chakra.div css={styles.root} data-orientation="horizontal">
      <ListToolbar
        start={
          <Box minW="0">
            {/* On a phone the tabs that do not fit scroll sideways, inside the list of tabs. */}
            <chakra.div
              role="tablist"
              aria-orientation="horizontal"
              data-orientation="horizontal"
              css={[
                styles.list,
                { bg: 'bg.muted', rounded: 'lg', p: '1', maxW: 'full', overflowX: 'auto' },
              ]}
              data-testid={testId}
              onKeyDown={onKeyDown}
            >
              {tabs.map((tab) => {
                const selected = tab.value === search.tab;
                return (
                  <chakra.button
                    key={tab.value}
                    type="button"
                    role="tab"
                    id={tabId(tab.value)}
                    aria-selected={selected}
                    aria-controls={selected ? panelId : undefined}
                    tabIndex={selected ? 0 : -1}
                    data-orientation="horizontal"
                    css={[styles.trigger, { px: '3.5', flexShrink: 0 }]}
                    data-testid={`tab-${tab.value}`}
                    onClick={() => {
                      if (!selected) search.setTab(tab.value);
                    }}
                  >
                    {tab.label}
                  </chakra.button>
                );
              })}
            </chakra.div>
          </Box>
        }
        end={filter}
      />
      <chakra.div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(search.tab)}
        data-orientation="horizontal"
        css={[styles.content, { p: '0' }]}
      >
        {children}
      </chakra.div>
    </chakra.div>
  );
}

/** 'Showing first 50' while more pages are left, else '3 products'; nothing while loading. */
export function ListCount({
  list,
  one,
  many,
  testId,
}: {
  list: InfiniteList<unknown>;
  one: string;
  many: string;
  testId: string;
}) {
  const count = list.rows.length;
  return (
    <Text textStyle="sm" color="fg.muted" data-testid={testId}>
      {!list.loading && count > 0
        ? list.query.hasNextPage
          ? `Showing first ${count}`
          : `${count} ${count === 1 ? one : many}`
        : null}
    </Text>
  );
}

export interface ListColumn {
  label: string;
  /** Right-aligned (amounts, counts, actions). */
  end?: boolean;
  /** Read by screen readers only (the actions column of most lists). */
  hidden?: boolean;
  /**
   * Shown on a phone too; the other columns show from the `md` breakpoint up, and a list that
   * hides some shows its rows as cards there (ListTable).
   */
  phone?: boolean;
  /** The list's `sort` value that orders it by this column: its header is a sort button. */
  sort?: string;
}

/**
 * The table of a list (`data-testid="<plural>-table"`): its header, then 5 skeleton rows while the
 * first page loads, the error, the empty state (`No orders match "…".` while filtered, else
 * `empty`), or a row per record; below it "Load more" while pages are left (beside `footerStart`
 * when given).
 */
export function ListView<TItem>({
  list,
  columns,
  plural,
  q,
  empty,
  row,
  footerStart,
  sorting,
}: {
  list: InfiniteList<TItem>;
  columns: readonly StyledColumn[];
  /** 'orders': 'Failed to load orders: …'. */
  plural: string;
  /** The text filter. */
  q: string | undefined;
  empty: { icon: ReactNode; text: string };
  row: (item: TItem) => ReactNode;
  footerStart?: ReactNode;
  /** The list's sort: the headers of the columns with a `sort` sort it. */
  sorting?: Sorting;
}) {
  const { query, rows, loading } = list;
  const recipe = useSlotRecipe({ key: 'table' });
  const rowCss = useMemo(() => listRowCss(columns, recipe({ size: 'sm' })), [columns, recipe]);
  const none = q ? { icon: <LuSearchX />, text: `No ${plural} match "${q}".` } : empty;
  const loadMore = query.hasNextPage ? <LoadMoreButton list={query} /> : null;
  return (
    <>
      <ListTable
        dimmed={query.isPlaceholderData}
        phoneCards={columns.some((column) => !column.phone)}
        interactive={rows.length > 0}
        rows={rowCss}
        data-testid={`${plural}-table`}
      >
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column, index) => (
              <Table.ColumnHeader
                key={column.label}
                py={index === 0 ? '3' : undefined}
                textAlign={column.end ? 'end' : undefined}
                aria-sort={sorting && column.sort ? ariaSort(sorting, column.sort) : undefined}
                {...columnDisplay(column)}
              >
                {sorting && column.sort ? (
                  <SortHeader label={column.label} field={column.sort} sorting={sorting} />
                ) : column.hidden ? (
                  <Box as="span" srOnly>
                    {column.label}
                  </Box>
                ) : (
                  column.label
                )}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading ? (
            <SkeletonRows rows={5} columns={columns} />
          ) : query.isError ? (
            <ErrorRow
              columns={columns.length}
              message={`Failed to load ${plural}: ${errorMessage(query.error)}`}
            />
          ) : rows.length === 0 ? (
            <EmptyRow columns={columns.length} icon={none.icon}>
              {none.text}
            </EmptyRow>
          ) : (
            rows.map(row)
          )}
        </Table.Body>
      </ListTable>

      {footerStart !== undefined ? (
        <Flex justify="space-between" align="center" mt="4" minH="10">
          {footerStart}
          {loadMore}
        </Flex>
      ) : loadMore ? (
        <Flex justify="center" mt="5">
          {loadMore}
        </Flex>
      ) : null}
    </>
  );
}
