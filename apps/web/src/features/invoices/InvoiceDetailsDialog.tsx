import type { ReactNode } from 'react';
import { Box, Button, Dialog, Flex, Grid, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuDownload, LuPencil } from 'react-icons/lu';
import { formatDate, formatPercent, INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { termsLabel } from '../pharmacies/format';
import type { InvoiceListItem } from './format';
import { shownStatus } from './status';
import type { useInvoiceActions } from './useInvoiceActions';
import { useRecordTabs } from '../activity/RecordTabs';

function Fact({ label, children }: { label: string; children: ReactNode }) {
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

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Text textStyle="sm" fontWeight="semibold" color="ink.900" mb="3">
      {children}
    </Text>
  );
}

function TotalRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Flex justify="space-between" gap="8" textStyle={strong ? 'md' : 'sm'} data-testid={testId}>
      <Text color={strong ? 'ink.900' : 'fg.muted'} fontWeight={strong ? 'semibold' : undefined}>
        {label}
      </Text>
      <MoneyText value={value} fontWeight={strong ? 'semibold' : 'medium'} />
    </Flex>
  );
}

/**
 * One invoice in full (spec §2): its facts, product information, who is billed, line items and
 * totals, with the paid amount once something is paid.
 */
export function InvoiceDetailsDialog({
  invoice,
  onClose,
  actions,
}: {
  invoice: InvoiceListItem | null;
  onClose: () => void;
  actions: ReturnType<typeof useInvoiceActions>;
}) {
  const current = useLastShown(invoice);
  const tabs = useRecordTabs('invoice', current?.id);
  const product = current
    ? [
        ['Lot Number', current.lotNumber],
        ['Tray Size', current.traySize],
        ['Nest Size', current.nestSize],
        ['Case Size', current.caseSize],
      ].filter((entry): entry is [string, string] => !!entry[1])
    : [];
  const paid = current ? toCents(current.amountPaid) > 0 : false;

  return (
    <DetailsDialog open={invoice !== null} onClose={onClose} size="xl" testId="invoice-details">
      {current ? (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
            <HStack gap="3">
              <Dialog.Title fontVariantNumeric="tabular-nums">{current.invoiceNumber}</Dialog.Title>
              <StatusBadge status={shownStatus(current)} colors={INVOICE_STATUS_PALETTE} />
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              Invoice details
            </Text>
            {tabs.list}
          </Dialog.Header>
          {/* Taller than most screens, and nothing in it takes focus: focusable, so that the
              keyboard can scroll it. */}
          <Dialog.Body tabIndex={0} {...tabs.detailsBody}>
            <Stack gap="6">
              <Grid
                templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
                gap="4"
                bg="bg.subtle"
                rounded="lg"
                p="4"
              >
                <Fact label="Invoice Date">{formatDate(current.invoiceDate)}</Fact>
                <Fact label="Due Date">{formatDate(current.dueDate)}</Fact>
                <Fact label="Terms">{termsLabel(current.terms)}</Fact>
                <Fact label="Status">
                  <StatusBadge status={shownStatus(current)} colors={INVOICE_STATUS_PALETTE} />
                </Fact>
              </Grid>

              <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="6">
                <Box>
                  <SectionTitle>Bill To</SectionTitle>
                  <Stack gap="1" textStyle="sm" data-testid="invoice-bill-to">
                    <Text fontWeight="semibold">{current.pharmacy.name}</Text>
                    <Text color="fg.muted">{current.pharmacy.contactName || EMPTY}</Text>
                    <Text color="fg.muted">{current.pharmacy.email}</Text>
                    <Text color="fg.muted">{current.pharmacy.phone || EMPTY}</Text>
                  </Stack>
                </Box>
                <Box>
                  <SectionTitle>Product Information</SectionTitle>
                  {product.length ? (
                    <Grid templateColumns="repeat(2, 1fr)" gap="3">
                      {product.map(([label, value]) => (
                        <Fact key={label} label={label}>
                          {value}
                        </Fact>
                      ))}
                    </Grid>
                  ) : (
                    <Text textStyle="sm" color="fg.muted">
                      No product information available
                    </Text>
                  )}
                </Box>
              </Grid>

              <Box>
                <SectionTitle>Line Items</SectionTitle>
                <Box borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
                  <Table.ScrollArea>
                    <Table.Root size="sm" fontSize="13px" data-testid="invoice-details-lines">
                      <Table.Header>
                        <Table.Row bg="bg.subtle">
                          <Table.ColumnHeader ps="4">Description</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Unit Price</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end" pe="4">
                            Total
                          </Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {current.lineItems.length ? (
                          current.lineItems.map((line) => (
                            <Table.Row key={line.id}>
                              <Table.Cell ps="4" whiteSpace="normal" minW="48">
                                {line.description}
                              </Table.Cell>
                              <Table.Cell textAlign="end">
                                {line.qty.toLocaleString('en-US')}
                              </Table.Cell>
                              <Table.Cell textAlign="end">
                                <MoneyText value={line.unitPrice} />
                              </Table.Cell>
                              <Table.Cell textAlign="end" pe="4" fontWeight="medium">
                                <MoneyText value={line.lineTotal} />
                              </Table.Cell>
                            </Table.Row>
                          ))
                        ) : (
                          <Table.Row>
                            <Table.Cell colSpan={4} ps="4" color="fg.muted">
                              No line items: this invoice is for its amount alone.
                            </Table.Cell>
                          </Table.Row>
                        )}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                </Box>
                <Flex justify="flex-end" mt="4">
                  <Stack gap="1.5" minW="64" data-testid="invoice-details-totals">
                    <TotalRow label="Subtotal" value={current.subtotal} />
                    <TotalRow
                      label={`Tax (${formatPercent(current.taxRate)})`}
                      value={current.taxAmount}
                    />
                    <TotalRow label="Shipping" value={current.shipping} />
                    <TotalRow label="Total" value={current.total} strong />
                    {paid ? (
                      <TotalRow label="Paid" value={current.amountPaid} testId="invoice-paid" />
                    ) : null}
                    <TotalRow label="Balance Due" value={current.balance} strong />
                  </Stack>
                </Flex>
              </Box>

              {current.notes ? (
                <Box>
                  <SectionTitle>Notes</SectionTitle>
                  <Text textStyle="sm" whiteSpace="pre-line" bg="bg.subtle" rounded="lg" p="4">
                    {current.notes}
                  </Text>
                </Box>
              ) : null}
            </Stack>
          </Dialog.Body>
          {tabs.historyBody}
          <Dialog.Footer>
            <Button
              variant="outline"
              colorPalette="gray"
              loading={actions.openingId === current.id}
              loadingText="Opening..."
              onClick={() => void actions.openPdf(current)}
            >
              <LuDownload /> Download PDF
            </Button>
            <Button asChild>
              <Link to="/invoices/$id/edit" params={{ id: current.id }}>
                <LuPencil /> Edit Invoice
              </Link>
            </Button>
          </Dialog.Footer>
        </>
      ) : null}
    </DetailsDialog>
  );
}
