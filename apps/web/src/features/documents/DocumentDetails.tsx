import type { ReactNode } from 'react';
import { Box, Grid, Stack, Table, Text } from '@chakra-ui/react';
import { formatDate } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { EMPTY } from '../../lib/text';

/**
 * The blocks of the order and invoice details dialogs, which the record pages show too; the
 * dialogs' frame is DocumentContent's.
 */

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text
        textStyle="xs"
        color="fg.muted"
        fontWeight="medium"
        textTransform="uppercase"
        letterSpacing="wide"
      >
        {label}
      </Text>
      <Box textStyle="sm" color="fg" overflowWrap="anywhere">
        {children}
      </Box>
    </Stack>
  );
}

/** The document's key facts (Facts), four to a row on a tinted panel. */
export function FactsPanel({ children }: { children: ReactNode }) {
  return (
    <Grid
      templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
      gap="4"
      bg="bg.subtle"
      rounded="lg"
      p="4"
    >
      {children}
    </Grid>
  );
}

export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Text textStyle="sm" fontWeight="semibold" color="ink.900" mb="3">
        {title}
      </Text>
      {children}
    </Box>
  );
}

interface Line {
  id: number;
  productSku?: string | null;
  variantSku?: string | null;
  description: string;
  qty: number;
  unitPrice: string;
  lineTotal: string;
  /** The lot the line ships (issue 30). */
  lot?: { id: number; lotNumber: string; expiryDate: string } | null;
}

/**
 * The document's lines, read-only. `withProduct` adds a first column, each line's product SKU
 * over its variant SKU; `empty` is the row shown when there are no lines.
 */
export function LinesTable({
  lines,
  withProduct = false,
  empty,
  testId,
}: {
  lines: readonly Line[];
  withProduct?: boolean;
  empty?: string;
  testId: string;
}) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" fontSize="13px" data-testid={testId}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {withProduct ? <Table.ColumnHeader ps="4">Product</Table.ColumnHeader> : null}
              <Table.ColumnHeader ps={withProduct ? undefined : '4'}>
                Description
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Unit Price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" pe="4">
                Total
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((line) => (
              <Table.Row key={line.id}>
                {withProduct ? (
                  <Table.Cell ps="4" whiteSpace="nowrap">
                    <Text fontWeight="medium">{line.productSku || EMPTY}</Text>
                    {line.variantSku ? (
                      <Text textStyle="xs" color="fg.muted">
                        {line.variantSku}
                      </Text>
                    ) : null}
                  </Table.Cell>
                ) : null}
                <Table.Cell ps={withProduct ? undefined : '4'} whiteSpace="normal" minW="48">
                  {line.description}
                  {line.lot ? (
                    <Text textStyle="xs" color="fg.muted" data-testid="line-lot">
                      Lot {line.lot.lotNumber} · exp. {formatDate(line.lot.expiryDate)}
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell textAlign="end">{line.qty.toLocaleString('en-US')}</Table.Cell>
                <Table.Cell textAlign="end">
                  <MoneyText value={line.unitPrice} />
                </Table.Cell>
                <Table.Cell textAlign="end" pe="4" fontWeight="medium">
                  <MoneyText value={line.lineTotal} />
                </Table.Cell>
              </Table.Row>
            ))}
            {lines.length === 0 && empty ? (
              <Table.Row>
                <Table.Cell colSpan={withProduct ? 5 : 4} ps="4" color="fg.muted">
                  {empty}
                </Table.Cell>
              </Table.Row>
            ) : null}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

export function Notes({ notes }: { notes: string | null }) {
  return notes ? (
    <DetailsSection title="Notes">
      <Text textStyle="sm" whiteSpace="pre-line" bg="bg.subtle" rounded="lg" p="4">
        {notes}
      </Text>
    </DetailsSection>
  ) : null;
}
