import { useDeferredValue, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  HStack,
  Skeleton,
  Table,
  Text,
  VStack,
  type CardRootProps,
  type SystemStyleObject,
  type TableRootProps,
} from '@chakra-ui/react';
import type { ListColumn } from './ListPage';

/** The app's card around a table, with horizontal scrolling on narrow screens. */
export function TableCard({ children, ...props }: { children: ReactNode } & CardRootProps) {
  return (
    <Card.Root overflow="hidden" {...props}>
      <Table.ScrollArea>{children}</Table.ScrollArea>
    </Card.Root>
  );
}

/**
 * A list's rows on a phone, where they show the few columns that fit (columnDisplay): a card each,
 * its cells in two columns, filled top to bottom (number over pharmacy, total over status).
 */
const PHONE_CARDS = {
  display: 'block',
  '& thead': { display: 'none' },
  '& tbody': { display: 'block' },
  '& tr': {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gridTemplateRows: 'auto auto',
    gridAutoFlow: 'column',
    alignItems: 'center',
    columnGap: '3',
    rowGap: '1',
    paddingBlock: '3',
    paddingInline: '4',
    borderBottomWidth: '1px',
    borderColor: 'border',
  },
  '& tr:last-of-type': { borderBottomWidth: '0' },
  '& td, & td:first-of-type, & td:last-of-type': { padding: '0', borderBottomWidth: '0' },
  '& td[colspan]': { gridColumn: '1 / -1' },
} as const;

/**
 * The table of a list page in its card; `dimmed` while the rows shown are those of the previous
 * filter; `phoneCards`: its rows are cards on a phone.
 */
export function ListTable({
  dimmed,
  phoneCards,
  rows,
  children,
  ...props
}: {
  dimmed: boolean;
  phoneCards?: boolean;
  /** The styles of the rows and their cells (listRowCss). */
  rows?: SystemStyleObject;
  children: ReactNode;
} & TableRootProps) {
  return (
    <TableCard opacity={dimmed ? 0.7 : 1} transition="opacity 120ms">
      <Table.Root
        size="sm"
        fontSize="13px"
        css={{
          ...rows,
          '& td, & th': { paddingInline: '0.625rem' },
          '& td:first-of-type, & th:first-of-type': { paddingInlineStart: '1rem' },
          '& td:last-of-type, & th:last-of-type': { paddingInlineEnd: '0.75rem' },
          mdDown: phoneCards ? PHONE_CARDS : undefined,
        }}
        {...props}
      >
        {children}
      </Table.Root>
    </TableCard>
  );
}

/** The last cell of a list row: its action buttons in a row, aligned to the end. */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap" py="1.5">
      <HStack gap="0.5" justify="flex-end">
        {children}
      </HStack>
    </Table.Cell>
  );
}

/** Fetches the next page of an infinite list. */
export function LoadMoreButton({
  list,
}: {
  list: { fetchNextPage: () => Promise<unknown>; isFetchingNextPage: boolean };
}) {
  return (
    <Button
      variant="outline"
      colorPalette="gray"
      bg="bg.panel"
      onClick={() => void list.fetchNextPage()}
      loading={list.isFetchingNextPage}
      loadingText="Loading..."
    >
      Load more
    </Button>
  );
}

/** Hides a column below `md` unless it is one of the few a phone shows. */
export function columnDisplay(column: Pick<ListColumn, 'phone'>): { hideBelow?: 'md' } {
  return column.phone ? {} : { hideBelow: 'md' };
}

/**
 * `rows` placeholder rows (5 on lists, 3 on the dashboard) while data loads: `columns` cells, or
 * one per list column, shown where the column is (columnDisplay).
 */
export function SkeletonRows({
  rows = 5,
  columns,
}: {
  rows?: number;
  columns: number | readonly ListColumn[];
}) {
  const cells = typeof columns === 'number' ? Array.from({ length: columns }, () => null) : columns;
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row} data-testid="skeleton-row" aria-hidden="true">
          {cells.map((column, col) => (
            <Table.Cell key={col} py="3.5" {...(column ? columnDisplay(column) : {})}>
              <Skeleton
                height="4"
                width={col === 0 ? '70%' : col === cells.length - 1 ? '60%' : '85%'}
              />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </>
  );
}

/** One full-width row holding the empty-state text (and an optional icon/action). */
export function EmptyRow({
  columns,
  children,
  icon,
  action,
}: {
  columns: number;
  children: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Table.Row data-testid="empty-row" _hover={{ bg: 'transparent' }}>
      <Table.Cell colSpan={columns} py="14">
        <VStack gap="3" color="fg.muted" textAlign="center">
          {icon ? (
            <Box
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="12"
              rounded="full"
              bg="brand.subtle"
              color="brand.fg"
              fontSize="xl"
            >
              {icon}
            </Box>
          ) : null}
          <Text textStyle="sm">{children}</Text>
          {action}
        </VStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** A row for a failed load, with the error text. */
export function ErrorRow({ columns, message }: { columns: number; message: string }) {
  return (
    <Table.Row data-testid="error-row">
      <Table.Cell colSpan={columns} py="10" textAlign="center" color="fg.error" textStyle="sm">
        {message}
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * The rows of a paged list, rendered at low priority: React renders them in slices between which
 * the page stays responsive, where a page of 50 rows of Chakra components is one long task
 * otherwise. `loading` holds the skeleton rows until they can show. The lists memoise their row
 * component, so the render with the previous rows that comes first costs next to nothing.
 */
export function useDeferredRows<T>(list: {
  data?: { pages: { items: T[] }[] };
  isPending: boolean;
  isError: boolean;
}): { rows: T[]; loading: boolean } {
  const pages = useDeferredValue(list.data?.pages);
  return {
    rows: pages?.flatMap((page) => page.items) ?? [],
    loading: list.isPending || (!pages && !list.isError),
  };
}
