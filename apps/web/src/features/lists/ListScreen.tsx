import { useMemo, useState, type ReactNode } from 'react';
import { Button, HStack, type InputGroupProps } from '@chakra-ui/react';
import type { QueryKey } from '@tanstack/react-query';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { PageHeader } from '../../components/PageHeader';
import { ExportCsvButton } from './ExportCsvButton';
import {
  DeleteConfirmation,
  ListCount,
  ListFilter,
  ListTabs,
  ListToolbar,
  ListView,
  useInfiniteList,
  type ListColumn,
  type ListDeletion,
  type ListQueryOptions,
} from './ListPage';
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

/** What a row can do through the page: open the details dialog, ask to delete. Stable. */
export interface RowHandlers<TItem> {
  view: (item: TItem) => void;
  remove: (item: TItem) => void;
}

type ListScreenProps<TItem, TError, TKey extends QueryKey, TPageParam> = ListScreenFilter & {
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
  columns: readonly ListColumn[];
  empty: { icon: ReactNode; text: string };
  /** A memoised row component (see useDeferredRows), given the stable `on`. */
  row: (item: TItem, on: RowHandlers<TItem>) => ReactNode;
  /** The details dialog of the record `viewing` (null: closed). */
  details?: (viewing: TItem | null, close: () => void) => ReactNode;
  deletion?: ListDeletion<TItem>;
  /** The page's other dialogs. */
  children?: ReactNode;
};

/**
 * A list page: its header (actions, Export CSV, New …), the tabs, filter and count, the table,
 * the details dialog and the delete confirmation. A page gives its texts, columns and row.
 */
export function ListScreen<TItem extends { id: number }, TError, TKey extends QueryKey, TPageParam>(
  props: ListScreenProps<TItem, TError, TKey, TPageParam>,
) {
  const { tabs, count, exportPath, newRecord, actions } = props;
  const search = useListSearch(props.search);
  const list = useInfiniteList(props.list);
  const [viewing, setViewing] = useState<TItem | null>(null);
  const pending = usePendingDelete<TItem>();
  const on = useMemo<RowHandlers<TItem>>(
    () => ({ view: setViewing, remove: pending.ask }),
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
      columns={props.columns}
      plural={props.names.many}
      q={props.filter === undefined ? search.q : undefined}
      empty={props.empty}
      row={(item) => props.row(item, on)}
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
      {props.details?.(viewing, () => setViewing(null))}
      {props.deletion ? (
        <DeleteConfirmation entity={props.names.one} pending={pending} {...props.deletion} />
      ) : null}
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
