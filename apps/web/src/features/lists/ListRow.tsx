import { memo, type ReactNode } from 'react';
import { Table, type TableCellProps } from '@chakra-ui/react';
import type { Permission } from '@pharm/validators/roles';
import { columnDisplay } from './DataTable';
import type { ListColumn } from './ListPage';

/** What a cell is given beside its record. */
export interface RowContext<TState> {
  /** Opens the record's details dialog, its quick view. */
  view: () => void;
  /** Asks to delete the record; absent where the user's role may not delete it. */
  remove?: () => void;
  /** Whether the user's role holds a permission: the row shows only the actions it may take. */
  can: (permission: Permission) => boolean;
  /** The page's `rowState` for this record. */
  state: TState;
}

export type CellProps = TableCellProps & { 'data-testid'?: string };

/** A column of a list page: its header, its cell's props and what the cell shows. */
export interface Column<TItem, TState = undefined> extends ListColumn {
  /** The cell's props; a function where they follow the record. */
  cellProps?: CellProps | ((item: TItem) => CellProps);
  cell: (item: TItem, row: RowContext<TState>) => ReactNode;
}

/**
 * What a row can do through the page: open the details dialog, ask to delete (where the role may),
 * and what the role may do. Stable while the role is.
 */
export interface RowHandlers<TItem> {
  view: (item: TItem) => void;
  remove?: (item: TItem) => void;
  can: (permission: Permission) => boolean;
}

interface ListRowProps<TItem, TState> {
  item: TItem;
  testId: string;
  columns: readonly Column<TItem, TState>[];
  on: RowHandlers<TItem>;
  state: TState;
}

function Row<TItem, TState>({ item, testId, columns, on, state }: ListRowProps<TItem, TState>) {
  const row: RowContext<TState> = {
    view: () => on.view(item),
    remove: on.remove && (() => on.remove?.(item)),
    can: on.can,
    state,
  };
  return (
    // Positioned on a phone: the link to the record covers the row (RowLink).
    <Table.Row data-testid={testId} position={{ base: 'relative', md: 'static' }}>
      {columns.map((column, index) => (
        <Table.Cell
          key={column.label}
          py={index === 0 ? '3' : undefined}
          textAlign={column.end ? 'end' : undefined}
          {...columnDisplay(column)}
          {...(typeof column.cellProps === 'function' ? column.cellProps(item) : column.cellProps)}
        >
          {column.cell(item, row)}
        </Table.Cell>
      ))}
    </Table.Row>
  );
}

function shallowEqual<T>(a: T, b: T): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * A row of a list page, memoised (see useDeferredRows): `rowState` gives a new object at every
 * render of the page, so the state is compared value by value and a row renders again only when
 * its record or one of its own values changes.
 */
export const ListRow = memo(
  Row,
  (before, after) =>
    before.item === after.item &&
    before.testId === after.testId &&
    before.columns === after.columns &&
    before.on === after.on &&
    shallowEqual(before.state, after.state),
) as typeof Row;
