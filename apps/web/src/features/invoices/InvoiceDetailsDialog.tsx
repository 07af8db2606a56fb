import { Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatPercent, INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { termsLabel } from '../pharmacies/format';
import type { InvoiceListItem } from './format';
import { shownStatus } from './status';
import type { InvoiceRowState } from './useInvoiceActions';
import { useRecordTabs } from '../activity/RecordTabs';
import { RecordLink } from '../records/RecordLink';
import type { DetailsProps } from '../lists/ListScreen';
import { DetailsSection, Fact, FactsPanel, LinesTable, Notes } from '../documents/DocumentDetails';
import { DocumentContent } from '../documents/DocumentContent';
import { TotalRow } from './TotalRow';

/**
 * One invoice in full (spec §2): its facts, product information, who is billed, line items and
 * totals, with the paid amount once something is paid.
 */
export function InvoiceDetailsDialog({
  record: invoice,
  onClose,
  state,
}: DetailsProps<InvoiceListItem, InvoiceRowState>) {
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
        <DocumentContent
          noun="Invoice"
          id={current.id}
          number={current.invoiceNumber}
          status={<StatusBadge status={shownStatus(current)} colors={INVOICE_STATUS_PALETTE} />}
          tabs={tabs}
          // Taller than most screens, and nothing in it takes focus: focusable, so that the
          // keyboard can scroll it.
          bodyProps={{ tabIndex: 0 }}
          downloading={state.opening}
          downloadingText="Opening..."
          onDownload={() => void state.openPdf(current)}
        >
          <FactsPanel>
            <Fact label="Invoice Date">{formatDate(current.invoiceDate)}</Fact>
            <Fact label="Due Date">{formatDate(current.dueDate)}</Fact>
            <Fact label="Terms">{termsLabel(current.terms)}</Fact>
            <Fact label="Status">
              <StatusBadge status={shownStatus(current)} colors={INVOICE_STATUS_PALETTE} />
            </Fact>
          </FactsPanel>

          <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="6">
            <DetailsSection title="Bill To">
              <Stack gap="1" textStyle="sm" data-testid="invoice-bill-to">
                <RecordLink kind="pharmacy" id={current.pharmacyId}>
                  {current.pharmacy.name}
                </RecordLink>
                <Text color="fg.muted">{current.pharmacy.contactName || EMPTY}</Text>
                <Text color="fg.muted">{current.pharmacy.email}</Text>
                <Text color="fg.muted">{current.pharmacy.phone || EMPTY}</Text>
              </Stack>
            </DetailsSection>
            <DetailsSection title="Product Information">
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
            </DetailsSection>
          </Grid>

          <DetailsSection title="Line Items">
            <LinesTable
              lines={current.lineItems}
              empty="No line items: this invoice is for its amount alone."
              testId="invoice-details-lines"
            />
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
          </DetailsSection>

          <Notes notes={current.notes} />
        </DocumentContent>
      ) : null}
    </DetailsDialog>
  );
}
