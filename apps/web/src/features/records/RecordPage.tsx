import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Center,
  Flex,
  Grid,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Table,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import { BackLink } from '../../components/BackLink';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { errorMessage, errorStatus } from '../../lib/errors';

/** What a record page waits for: its record's query. */
export interface RecordLoad<T> {
  data: T | undefined;
  error: unknown;
}

/** The top of a record page: its number or name, a badge beside it, a line under it, its actions. */
export interface RecordHeader {
  title: ReactNode;
  badge?: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

/**
 * The page of one record (`/orders/$id`…): a back link to its list, its header, then `children`,
 * sections one under the other. Until the record is there, placeholders of the same shape; for a
 * record that does not exist (an old link, a deleted record) '<Noun> not found' with the way back
 * to the list; the reason when loading fails otherwise.
 */
export function RecordPage<T>({
  noun,
  back,
  load,
  testId,
  header,
  children,
}: {
  /** 'Order': 'Order not found', 'Failed to load order'. */
  noun: string;
  back: { to: LinkProps['to']; label: string };
  load: RecordLoad<T>;
  /** The page's test id (`order-page`), on its content once the record is there. */
  testId: string;
  header: (record: T) => RecordHeader;
  children: (record: T) => ReactNode;
}) {
  const backLink = <BackLink to={back.to}>{back.label}</BackLink>;
  if (load.error && errorStatus(load.error) === 404) {
    return <RecordNotFound noun={noun} back={back} />;
  }
  if (load.error) {
    return (
      <>
        <PageHeader back={backLink} title={noun} />
        <Text color="fg.error" textStyle="sm" role="alert">
          Failed to load {noun.toLowerCase()}: {errorMessage(load.error)}
        </Text>
      </>
    );
  }
  if (load.data === undefined) return <RecordSkeleton back={backLink} />;
  const { title, badge, subtitle, actions } = header(load.data);
  // Not PageHeader: the badge stays beside the title, and the actions (up to five on a
  // pharmacy) wrap under it rather than squeeze it.
  return (
    <Box data-testid={testId}>
      <Box mb="3">{backLink}</Box>
      <Flex wrap="wrap" align="flex-end" justify="space-between" gap="4" mb="6">
        <Box minW="0" flex="1 1 28rem">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading
              as="h1"
              size="2xl"
              fontWeight="semibold"
              letterSpacing="-0.02em"
              color="ink.900"
              overflowWrap="anywhere"
            >
              {title}
            </Heading>
            {badge}
          </Flex>
          {subtitle ? (
            <Box mt="1" color="fg.muted" textStyle="sm">
              {subtitle}
            </Box>
          ) : null}
        </Box>
        {actions ? (
          <HStack gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        ) : null}
      </Flex>
      <Stack gap="6">{children(load.data)}</Stack>
    </Box>
  );
}

function RecordSkeleton({ back }: { back: ReactNode }) {
  return (
    <Box aria-busy="true" data-testid="record-skeleton">
      <PageHeader back={back} title={<Skeleton as="span" display="block" h="9" w="56" />} />
      <Stack gap="6">
        <Skeleton h="28" rounded="lg" />
        <Skeleton h="48" rounded="lg" />
      </Stack>
    </Box>
  );
}

/** '<Noun> not found', with the way back to its list. */
export function RecordNotFound({
  noun,
  back,
}: {
  noun: string;
  back: { to: LinkProps['to']; label: string };
}) {
  return (
    <Center minH={{ base: '50vh', md: '60vh' }} px="6" py="16" data-testid="record-not-found">
      <VStack gap="4" textAlign="center" maxW="md">
        <Flex
          align="center"
          justify="center"
          boxSize="16"
          rounded="2xl"
          bg="brand.subtle"
          color="brand.fg"
          fontSize="3xl"
        >
          <LuSearchX />
        </Flex>
        <Heading as="h1" size="2xl" fontWeight="semibold" color="ink.900">
          {noun} not found
        </Heading>
        <Text color="fg.muted">
          There is no {noun.toLowerCase()} at this address: it may have been deleted, or the link is
          mistyped.
        </Text>
        <Button asChild mt="2">
          <Link to={back.to}>
            <LuArrowLeft /> {back.label}
          </Link>
        </Button>
      </VStack>
    </Center>
  );
}

/** A titled card of a record page, `aside` on the right of its title (a link, a button). */
export function RecordSection({
  title,
  aside,
  padded = true,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  /** False for a table that runs to the card's edges. */
  padded?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Panel title={title} aside={aside} minW="0" data-testid={testId}>
      {padded ? <Box p="5">{children}</Box> : children}
    </Panel>
  );
}

/** The record's facts in a grid: two columns on a phone, up to `columns` on a wide screen. */
export function FactsGrid({ columns = 4, children }: { columns?: number; children: ReactNode }) {
  return (
    <Grid
      templateColumns={{
        base: 'repeat(2, minmax(0, 1fr))',
        md: `repeat(${Math.min(columns, 3)}, minmax(0, 1fr))`,
        xl: `repeat(${columns}, minmax(0, 1fr))`,
      }}
      gap="5"
    >
      {children}
    </Grid>
  );
}

/** A column of a RelatedTable. */
export interface RelatedColumn<T> {
  label: string;
  end?: boolean;
  /** Left out on a phone. */
  wide?: boolean;
  cell: (row: T) => ReactNode;
}

/**
 * Records related to the page's (a pharmacy's invoices, an invoice's payments) as a compact table
 * that scrolls inside its card on a narrow screen; `empty` when there are none, placeholders
 * while they load.
 */
export function RelatedTable<T extends { id: number }>({
  label,
  rows,
  error,
  columns,
  empty,
  testId,
  footer,
}: {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[] | undefined;
  error: unknown;
  columns: readonly RelatedColumn<T>[];
  empty: string;
  testId: string;
  /** Under the rows: 'Showing the latest 20 — all in the list'. */
  footer?: ReactNode;
}) {
  if (error) {
    return (
      <Text px="5" py="6" color="fg.error" textStyle="sm">
        Failed to load: {errorMessage(error)}
      </Text>
    );
  }
  if (rows === undefined) {
    return (
      <Stack p="5" gap="2" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h="6" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Text px="5" py="6" color="fg.muted" textStyle="sm" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  }
  const display = (column: RelatedColumn<T>) =>
    column.wide ? { display: { base: 'none', md: 'table-cell' } } : {};
  return (
    <>
      <Table.ScrollArea>
        <Table.Root size="sm" aria-label={label} data-testid={testId}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {columns.map((column, index) => (
                <Table.ColumnHeader
                  key={column.label}
                  textAlign={column.end ? 'end' : undefined}
                  ps={index === 0 ? '5' : undefined}
                  pe={index === columns.length - 1 ? '5' : undefined}
                  {...display(column)}
                >
                  {column.label}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id} data-testid={`${testId}-row-${row.id}`}>
                {columns.map((column, index) => (
                  <Table.Cell
                    key={column.label}
                    textAlign={column.end ? 'end' : undefined}
                    ps={index === 0 ? '5' : undefined}
                    pe={index === columns.length - 1 ? '5' : undefined}
                    whiteSpace="nowrap"
                    {...display(column)}
                  >
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {footer ? (
        <Box px="5" py="3" borderTopWidth="1px" borderColor="border.muted" textStyle="sm">
          {footer}
        </Box>
      ) : null}
    </>
  );
}

/** How many related records a page shows before it points to the list. */
export const RELATED_LIMIT = 20;
