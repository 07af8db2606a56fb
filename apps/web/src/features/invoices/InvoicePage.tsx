import { useState } from 'react';
import { Badge, Button, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuCircleCheck, LuCreditCard, LuDownload, LuPencil, LuReceiptText } from 'react-icons/lu';
import { formatDate, formatPercent, INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Fact } from '../documents/DocumentDetails';
import { RecordLines } from '../records/RecordLines';
import type { PaymentDialogTarget } from '../payments/PaymentDialog';
import { LazyPaymentDialog } from '../records/LazyPaymentDialog';
import { termsLabel } from '../pharmacies/format';
import { RecordDelete } from '../records/RecordDelete';
import { RecordLink } from '../records/RecordLink';
import {
  FactsGrid,
  RecordPage,
  RecordSection,
  RELATED_LIMIT,
  RelatedTable,
} from '../records/RecordPage';
import { TotalRow } from './TotalRow';
import { invoicesList } from './list';
import { canMarkPaid, shownStatus } from './status';
import { useInvoiceActions } from './useInvoiceActions';
import { Can } from '../auth/can';
import { EmailInvoiceButton } from '../emails/EmailActions';
import { EmailHistory } from '../emails/EmailHistory';

/**
 * An invoice's page (`/invoices/$id`): its facts, who is billed, the order it came from, lines and
 * totals, the payments and credits applied to it (voided ones marked), the credit notes raised
 * from it, notes and history; Record payment while a balance is due (or
 * Mark Paid when none is), Download PDF and Edit.
 */
export function InvoicePage({ id }: { id: number }) {
  const invoice = trpc.invoices.get.useQuery({ id });
  const allocations = trpc.allocations.ofInvoice.useQuery({ id });
  const creditNotes = trpc.creditNotes.list.useQuery({ invoiceId: id, limit: RELATED_LIMIT });
  const actions = useInvoiceActions();
  const state = actions.rowState({ id });
  const [paying, setPaying] = useState<PaymentDialogTarget | null>(null);

  return (
    <>
      <RecordPage
        noun="Invoice"
        back={{ to: '/invoices', label: 'Back to Invoices' }}
        load={invoice}
        testId="invoice-page"
        header={(current) => {
          const payable = current.status !== 'Paid' && toCents(current.balance) > 0;
          return {
            title: current.invoiceNumber,
            badge: <StatusBadge status={shownStatus(current)} colors={INVOICE_STATUS_PALETTE} />,
            subtitle: (
              <>
                Billed to{' '}
                <RecordLink kind="pharmacy" id={current.pharmacyId}>
                  {current.pharmacy.name}
                </RecordLink>{' '}
                · due {formatDate(current.dueDate)}
              </>
            ),
            actions: (
              <>
                <Button
                  variant="outline"
                  colorPalette="gray"
                  loading={state.opening}
                  loadingText="Opening..."
                  onClick={() => void state.openPdf(current)}
                >
                  <LuDownload /> Download PDF
                </Button>
                <EmailInvoiceButton invoice={current} />
                <Can permission="invoices.write">
                  <Button asChild variant="outline" colorPalette="gray">
                    <Link to="/invoices/$id/edit" params={{ id: current.id }}>
                      <LuPencil /> Edit
                    </Link>
                  </Button>
                </Can>
                <RecordDelete list={invoicesList} record={current} />
                {current.status !== 'Draft' ? (
                  <Can permission="creditNotes.write">
                    <Button asChild variant="outline" colorPalette="gray">
                      <Link to="/credit-notes/new" search={{ invoiceId: current.id }}>
                        <LuReceiptText /> Credit note
                      </Link>
                    </Button>
                  </Can>
                ) : null}
                {payable ? (
                  <Can permission="payments.write">
                    <Button onClick={() => setPaying({ mode: 'record', invoiceId: current.id })}>
                      <LuCreditCard /> Record payment
                    </Button>
                  </Can>
                ) : canMarkPaid(current) ? (
                  <Can permission="invoices.write">
                    <Button loading={state.marking} onClick={() => state.markPaid(current.id)}>
                      <LuCircleCheck /> Mark Paid
                    </Button>
                  </Can>
                ) : null}
              </>
            ),
          };
        }}
      >
        {(current) => {
          const product = [
            ['Lot Number', current.lotNumber],
            ['Tray Size', current.traySize],
            ['Nest Size', current.nestSize],
            ['Case Size', current.caseSize],
          ].filter((entry): entry is [string, string] => !!entry[1]);
          return (
            <>
              <RecordSection title="Summary">
                <FactsGrid>
                  <Fact label="Invoice Date">{formatDate(current.invoiceDate)}</Fact>
                  <Fact label="Due Date">{formatDate(current.dueDate)}</Fact>
                  <Fact label="Terms">{termsLabel(current.terms)}</Fact>
                  <Fact label="Order">
                    {current.fromOrderId ? (
                      <RecordLink
                        kind="order"
                        id={current.fromOrderId}
                        data-testid="invoice-order-link"
                      >
                        {current.fromOrderNumber ?? `Order ${current.fromOrderId}`}
                      </RecordLink>
                    ) : (
                      'None'
                    )}
                  </Fact>
                  <Fact label="Total">
                    <MoneyText value={current.total} fontWeight="semibold" />
                  </Fact>
                  <Fact label="Paid">
                    <MoneyText value={current.amountPaid} />
                  </Fact>
                  <Fact label="Balance Due">
                    <MoneyText
                      value={current.balance}
                      fontWeight="semibold"
                      highlightPositive
                      data-testid="invoice-page-balance"
                    />
                  </Fact>
                </FactsGrid>
              </RecordSection>

              <Grid
                templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
                gap="6"
              >
                <RecordSection title="Bill To">
                  <Stack gap="1" textStyle="sm">
                    <RecordLink
                      kind="pharmacy"
                      id={current.pharmacyId}
                      data-testid="invoice-pharmacy-link"
                    >
                      {current.pharmacy.name}
                    </RecordLink>
                    <Text color="fg.muted">{current.pharmacy.contactName || EMPTY}</Text>
                    <Text color="fg.muted">{current.pharmacy.email}</Text>
                    <Text color="fg.muted">{current.pharmacy.phone || EMPTY}</Text>
                  </Stack>
                </RecordSection>
                <RecordSection title="Product Information">
                  {product.length ? (
                    <FactsGrid columns={2}>
                      {product.map(([label, value]) => (
                        <Fact key={label} label={label}>
                          {value}
                        </Fact>
                      ))}
                    </FactsGrid>
                  ) : (
                    <Text textStyle="sm" color="fg.muted">
                      No product information available
                    </Text>
                  )}
                </RecordSection>
              </Grid>

              <RecordSection title="Line Items">
                <RecordLines
                  lines={current.lineItems}
                  empty="No line items: this invoice is for its amount alone."
                  testId="invoice-page-lines"
                />
                <Flex justify="flex-end" mt="4">
                  <Stack gap="1.5" w={{ base: 'full', sm: '64' }}>
                    <TotalRow label="Subtotal" value={current.subtotal} />
                    <TotalRow
                      label={`Tax (${formatPercent(current.taxRate)})`}
                      value={current.taxAmount}
                    />
                    <TotalRow label="Shipping" value={current.shipping} />
                    <TotalRow label="Total" value={current.total} strong />
                    <TotalRow label="Paid" value={current.amountPaid} />
                    <TotalRow label="Balance Due" value={current.balance} strong />
                  </Stack>
                </Flex>
              </RecordSection>

              <RecordSection title="Payments and credits" padded={false}>
                <RelatedTable
                  label="Payments and credits applied"
                  rows={allocations.data?.allocations}
                  error={allocations.error}
                  empty="No payments or credits applied to this invoice."
                  testId="invoice-allocations"
                  columns={[
                    {
                      label: 'From',
                      cell: (a) =>
                        a.paymentId !== null ? (
                          <RecordLink kind="payment" id={a.paymentId}>
                            {a.sourceNumber}
                          </RecordLink>
                        ) : (
                          <RecordLink kind="creditNote" id={a.creditNoteId!}>
                            {a.sourceNumber}
                          </RecordLink>
                        ),
                    },
                    { label: 'Applied', cell: (a) => formatDate(a.createdAt) },
                    {
                      label: 'Status',
                      wide: true,
                      cell: (a) =>
                        a.voidedAt ? (
                          <Text as="span" textStyle="xs" color="fg.muted" whiteSpace="normal">
                            <Badge colorPalette="gray" me="1">
                              Voided
                            </Badge>
                            {a.voidReason}
                          </Text>
                        ) : (
                          <Badge colorPalette="green">Active</Badge>
                        ),
                    },
                    {
                      label: 'Amount',
                      end: true,
                      cell: (a) => (
                        <MoneyText
                          value={a.amount}
                          fontWeight="medium"
                          textDecoration={a.voidedAt ? 'line-through' : undefined}
                          color={a.voidedAt ? 'fg.muted' : undefined}
                        />
                      ),
                    },
                  ]}
                />
              </RecordSection>

              <RecordSection title="Credit notes" padded={false}>
                <RelatedTable
                  label="Credit notes raised from this invoice"
                  rows={creditNotes.data?.items}
                  error={creditNotes.error}
                  empty="No credit notes raised from this invoice."
                  testId="invoice-credit-notes"
                  columns={[
                    {
                      label: 'Credit note #',
                      cell: (note) => (
                        <RecordLink kind="creditNote" id={note.id}>
                          {note.number}
                        </RecordLink>
                      ),
                    },
                    { label: 'Date', cell: (note) => formatDate(note.date) },
                    { label: 'Reason', wide: true, cell: (note) => note.reason },
                    {
                      label: 'Total',
                      end: true,
                      cell: (note) => <MoneyText value={note.total} fontWeight="medium" />,
                    },
                  ]}
                />
              </RecordSection>

              {current.notes ? (
                <RecordSection title="Notes">
                  <Text textStyle="sm" whiteSpace="pre-line">
                    {current.notes}
                  </Text>
                </RecordSection>
              ) : null}

              <RecordSection title="Emails">
                <EmailHistory entityType="invoice" entityId={current.id} />
              </RecordSection>

              <RecordSection title="History">
                <RecordHistory entityType="invoice" entityId={current.id} />
              </RecordSection>
            </>
          );
        }}
      </RecordPage>
      <LazyPaymentDialog target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
