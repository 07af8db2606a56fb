import { memo, type ReactNode } from 'react';
import { Table, type SystemStyleObject, type TableCellProps } from '@chakra-ui/react';
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

/** The class of a list's rows: the table styles them and their cells (listRowCss). */
const LIST_ROW_CLASS = 'list-row';

/** The class of the box of a row's action buttons, styled by the table (listRowCss). */
export const ROW_ACTIONS_CLASS = 'row-actions';

/** A column as the table's CSS reads it: its place and its cells' fixed props. */
export type StyledColumn = ListColumn & { cellProps?: CellProps | ((item: never) => CellProps) };

/** The props of a cell that are attributes (data-testid…), the others being styles. */
function isAttribute(key: string): boolean {
  return key.startsWith('data-') || key.startsWith('aria-');
}

/** The attributes among a column's fixed cell props, given to each of its cells. */
const attributes = new WeakMap<object, Record<string, unknown>>();
function cellAttributes(column: StyledColumn): Record<string, unknown> | undefined {
  const props = column.cellProps;
  if (!props || typeof props === 'function') return undefined;
  let found = attributes.get(props);
  if (!found) {
    found = Object.fromEntries(Object.entries(props).filter(([key]) => isAttribute(key)));
    attributes.set(props, found);
  }
  return found;
}

/**
 * The CSS of a list's rows and cells, set once on its table (ListTable's `rows`): the table
 * recipe's row and cell styles, then each column's (its padding, alignment, where it shows and
 * its fixed `cellProps`). The rows are then plain `tr` and `td` elements: a Table.Cell with those
 * props in every row resolved them again for each of some three hundred cells at every mount, the
 * larger part of the time from a click in the side menu to the painted rows. `:where()` keeps each
 * rule at the weight of one class, as the props had: the table's own `& td` rules still win.
 */
export function listRowCss(
  columns: readonly StyledColumn[],
  recipe: { row?: SystemStyleObject; cell?: SystemStyleObject },
): SystemStyleObject {
  const row = `& :where(tr.${LIST_ROW_CLASS})`;
  const css: Record<string, SystemStyleObject> = {
    // In the recipes' layer, where Chakra puts them: the body's row hover still wins.
    '@layer recipes': { [row]: { ...recipe.row }, [`${row} > :where(td)`]: { ...recipe.cell } },
    // Positioned on a phone: the link to the record covers the row (RowLink).
    [row]: { position: { base: 'relative', md: 'static' } },
    // The row's action buttons (actionsColumn), in a line at the end.
    [`${row} .${ROW_ACTIONS_CLASS}`]: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-end',
      gap: '0.5',
    },
  };
  columns.forEach((column, index) => {
    const props = typeof column.cellProps === 'object' ? column.cellProps : {};
    const styles = Object.fromEntries(Object.entries(props).filter(([key]) => !isAttribute(key)));
    css[`${row} > :where(td:nth-child(${index + 1}))`] = {
      ...(index === 0 ? { py: '3' } : {}),
      ...(column.end ? { textAlign: 'end' } : {}),
      ...columnDisplay(column),
      ...styles,
    };
  });
  return css;
}

function Row<TItem, TState>({ item, testId, columns, on, state }: ListRowProps<TItem, TState>) {
  const row: RowContext<TState> = {
    view: () => on.view(item),
    remove: on.remove && (() => on.remove?.(item)),
    can: on.can,
    state,
  };
  // Styled by the table (listRowCss); a column whose cell props follow the record keeps a
  // Table.Cell for them.
  return (
    <tr className={LIST_ROW_CLASS} data-testid={testId}>
      {columns.map((column) =>
        typeof column.cellProps === 'function' ? (
          <Table.Cell key={column.label} {...column.cellProps(item)}>
            {column.cell(item, row)}
          </Table.Cell>
        ) : (
          <td key={column.label} {...cellAttributes(column)}>
            {column.cell(item, row)}
          </td>
        ),
      )}
    </tr>
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
