// The columns and actions that several lists share.
import type { ReactNode } from 'react';
import { Box } from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuEye, LuPencil } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { RECORD_ROUTES, type RecordKind } from '../records/RecordLink';
import { ROW_ACTIONS_CLASS, type CellProps, type Column, type RowContext } from './ListRow';

/** The class of a row's link to its record, styled once in the theme's global CSS (theme/system.ts). */
export const ROW_LINK_CLASS = 'row-link';

/**
 * A record's number or name, the link to its page, underlined on hover; `number`: in the brand
 * colour, semibold, its figures aligned. On a phone, where a row shows no actions, it covers its
 * row (positioned there, ListRow.tsx), so a tap anywhere on the row opens the record. The row's
 * View action opens its details dialog, the quick view. A plain router Link with one class: a
 * Chakra Text around it in each row resolved its styles at every mount.
 */
export function RowLink({
  kind,
  id,
  number,
  children,
}: {
  kind: RecordKind;
  id: number;
  number?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={RECORD_ROUTES[kind]}
      params={{ id }}
      className={ROW_LINK_CLASS}
      data-number={number ? '' : undefined}
    >
      {children}
    </Link>
  );
}

/** The first column of a numbered record (order, invoice, payment): its number links to its page. */
export function numberColumn<TItem extends { id: number }>(
  label: string,
  kind: RecordKind,
  number: (item: TItem) => string,
): Column<TItem, unknown> {
  return {
    label,
    phone: true,
    cellProps: { whiteSpace: 'nowrap' },
    cell: (item) => (
      <RowLink kind={kind} id={item.id} number>
        {number(item)}
      </RowLink>
    ),
  };
}

/** The pharmacy a record (order, invoice, payment) belongs to. */
export const pharmacyColumn: Column<{ pharmacy: { name: string } }, unknown> = {
  label: 'Pharmacy',
  phone: true,
  cellProps: { color: 'fg', minW: { base: '0', md: '40' }, whiteSpace: 'normal' },
  cell: (item) => item.pharmacy.name,
};

/** Muted text, '—' where there is none. */
export function mutedColumn<TItem>(
  label: string,
  text: (item: TItem) => string | null,
  cellProps?: CellProps,
): Column<TItem, unknown> {
  return {
    label,
    cellProps: { color: 'fg.muted', ...cellProps },
    cell: (item) => text(item) || EMPTY,
  };
}

/** A document date, muted. */
export function dateColumn<TItem>(
  label: string,
  date: (item: TItem) => string,
): Column<TItem, unknown> {
  return {
    label,
    cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
    cell: (item) => formatDate(date(item)),
  };
}

/** A document's amount (its total, a payment's amount). */
export function amountColumn<TItem>(
  label: string,
  amount: (item: TItem) => string,
): Column<TItem, unknown> {
  return {
    label,
    end: true,
    phone: true,
    cellProps: { fontWeight: 'medium' },
    cell: (item) => <MoneyText value={amount(item)} />,
  };
}

/** A document's status badge in the shared palette of its kind. */
export function statusColumn<TItem>(
  colors: Record<string, string>,
  status: (item: TItem) => string,
): Column<TItem, unknown> {
  return {
    label: 'Status',
    phone: true,
    cell: (item) => <StatusBadge status={status(item)} colors={colors} />,
  };
}

/**
 * The last column: View (`viewLabel`), the page's own `actions`, then Delete where the role may
 * delete. `hidden`: its header is for screen readers only.
 */
export function actionsColumn<TItem, TState>(
  { viewLabel, hidden }: { viewLabel: string; hidden?: boolean },
  actions: (item: TItem, row: RowContext<TState>) => ReactNode,
): Column<TItem, TState> {
  return {
    label: 'Actions',
    end: true,
    hidden,
    cellProps: { whiteSpace: 'nowrap', py: '1.5' },
    cell: (item, row) => (
      <div className={ROW_ACTIONS_CLASS}>
        <ActionButton label={viewLabel} onClick={row.view}>
          <LuEye />
        </ActionButton>
        {actions(item, row)}
        {row.remove ? <DeleteActionButton onClick={row.remove} /> : null}
      </div>
    ),
  };
}

/** A row's action that opens a page of the record (`/orders/$id/edit`). */
export function LinkAction({
  label,
  to,
  id,
  children,
}: {
  label: string;
  to: Extract<LinkProps['to'], `${string}/$id/${string}`>;
  id: number;
  children: ReactNode;
}) {
  return (
    <ActionButton label={label} asChild>
      <Link to={to} params={{ id }}>
        {children}
      </Link>
    </ActionButton>
  );
}

/** A row's Edit action: the link to the record's form. */
export function EditAction({
  to,
  id,
}: {
  to: Extract<LinkProps['to'], `${string}/$id/edit`>;
  id: number;
}) {
  return (
    <LinkAction label="Edit" to={to} id={id}>
      <LuPencil />
    </LinkAction>
  );
}

/** Stands for a row's missing quick action: keeps its delete button in the same column on every row. */
export function ActionSpacer() {
  return <Box w="8" flexShrink={0} aria-hidden="true" />;
}
