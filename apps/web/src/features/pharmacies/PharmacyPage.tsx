import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Flex, Grid, SimpleGrid, Tabs, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import {
  LuBanknote,
  LuCreditCard,
  LuFilePlus,
  LuListChecks,
  LuPencil,
  LuReceiptText,
  LuScrollText,
  LuShoppingCart,
} from 'react-icons/lu';
import {
  formatDate,
  INVOICE_STATUS_PALETTE,
  ORDER_STATUS_PALETTE,
  todayIso,
  toCents,
} from '@pharm/validators';
import { Multiline } from '../../components/Multiline';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { trpc, type Pharmacy } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Fact } from '../documents/DocumentDetails';
import { shownStatus } from '../invoices/status';
import type { ApplyTarget } from '../payments/ApplyDialog';
import type { CashSource } from '../payments/cash';
import {
  LazyApplyDialog,
  LazyPharmacyPaymentDialog,
  LazyRefundDialog,
} from '../payments/cashDialogs';
import type { PharmacyPaymentTarget } from '../payments/PharmacyPaymentDialog';
import { RecordDelete } from '../records/RecordDelete';
import { RecordLink } from '../records/RecordLink';
import {
  FactsGrid,
  RecordPage,
  RecordSection,
  RELATED_LIMIT,
  RelatedTable,
} from '../records/RecordPage';
import { AGING } from '../statements/aging';
import { CreditHoldBadge } from './CreditHoldBadge';
import { termsLabel } from './format';
import { pharmaciesList } from './list';
import { EmailStatementButton } from '../emails/EmailActions';
import { DunningFees } from '../dunning/DunningFees';
import { DunningPauseButton } from '../dunning/DunningPauseButton';
import { Can, useCan } from '../auth/can';
import { LicencesSection } from '../licences/LicencesSection';
import { PharmacyShelfLife } from '../lots/ShelfLife';

/** Credit limit − balance, never below zero; null without a limit. */
function availableCredit(pharmacy: Pick<Pharmacy, 'creditLimit' | 'balance'>): number | null {
  if (pharmacy.creditLimit === null) return null;
  return Math.max(0, toCents(pharmacy.creditLimit) - toCents(pharmacy.balance));
}

/** Under a related table that shows only the latest rows (`more`): the way to all of them. */
function latestOnly(more: boolean, link: ReactNode): ReactNode {
  return more ? (
    <Text color="fg.muted">
      Showing the latest {RELATED_LIMIT}.{' '}
      <Text as="span" color="brand.fg" fontWeight="medium" _hover={{ textDecoration: 'underline' }}>
        {link}
      </Text>
    </Text>
  ) : null;
}

/** The balance as of today by days past due, from the pharmacy's statement of today. */
function Aging({ id }: { id: number }) {
  const today = todayIso();
  const statement = trpc.statements.get.useQuery({ id, from: today, to: today });
  return (
    <RecordSection title={`Aging on ${formatDate(today)}`}>
      {statement.isError ? (
        <Text color="fg.error" textStyle="sm">
          Failed to load the aging: {statement.error.message}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4" data-testid="pharmacy-aging">
          {AGING.map((bucket) => (
            <Box key={bucket.key}>
              <Text textStyle="sm" color="fg.muted">
                {bucket.label}
              </Text>
              <Text textStyle="lg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {statement.data ? <MoneyText value={statement.data.aging[bucket.key]} /> : EMPTY}
              </Text>
              <Text textStyle="xs" color="fg.subtle">
                {bucket.hint}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </RecordSection>
  );
}

function OpenInvoices({ pharmacy }: { pharmacy: Pharmacy }) {
  const invoices = trpc.invoices.list.useQuery({
    pharmacyId: pharmacy.id,
    payable: true,
    limit: RELATED_LIMIT,
  });
  return (
    <RelatedTable
      label="Open invoices"
      rows={invoices.data?.items}
      error={invoices.error}
      empty="No open invoices: nothing is due."
      testId="pharmacy-invoices"
      footer={latestOnly(
        !!invoices.data?.nextCursor,
        <Link to="/invoices" search={{ pharmacyId: pharmacy.id }}>
          See all in Invoices
        </Link>,
      )}
      columns={[
        {
          label: 'Invoice #',
          cell: (invoice) => (
            <RecordLink kind="invoice" id={invoice.id}>
              {invoice.invoiceNumber}
            </RecordLink>
          ),
        },
        { label: 'Date', wide: true, cell: (invoice) => formatDate(invoice.invoiceDate) },
        { label: 'Due', wide: true, cell: (invoice) => formatDate(invoice.dueDate) },
        {
          label: 'Total',
          end: true,
          wide: true,
          cell: (invoice) => <MoneyText value={invoice.total} />,
        },
        {
          label: 'Balance',
          end: true,
          cell: (invoice) => <MoneyText value={invoice.balance} fontWeight="medium" />,
        },
        {
          label: 'Status',
          cell: (invoice) => (
            <StatusBadge status={shownStatus(invoice)} colors={INVOICE_STATUS_PALETTE} />
          ),
        },
      ]}
    />
  );
}

function Orders({ pharmacy }: { pharmacy: Pharmacy }) {
  const orders = trpc.orders.list.useQuery({ pharmacyId: pharmacy.id, limit: RELATED_LIMIT });
  return (
    <RelatedTable
      label="Orders"
      rows={orders.data?.items}
      error={orders.error}
      empty="No orders yet."
      testId="pharmacy-orders"
      footer={latestOnly(
        !!orders.data?.nextCursor,
        <Link to="/orders" search={{ pharmacyId: pharmacy.id }}>
          See all in Orders
        </Link>,
      )}
      columns={[
        {
          label: 'Order #',
          cell: (order) => (
            <RecordLink kind="order" id={order.id}>
              {order.orderNumber}
            </RecordLink>
          ),
        },
        { label: 'Date', wide: true, cell: (order) => formatDate(order.orderDate) },
        {
          label: 'Invoice',
          wide: true,
          cell: (order) =>
            order.invoice ? (
              <RecordLink kind="invoice" id={order.invoice.id} fontWeight="normal">
                {order.invoice.invoiceNumber}
              </RecordLink>
            ) : (
              EMPTY
            ),
        },
        { label: 'Total', end: true, cell: (order) => <MoneyText value={order.total} /> },
        {
          label: 'Status',
          cell: (order) => <StatusBadge status={order.status} colors={ORDER_STATUS_PALETTE} />,
        },
      ]}
    />
  );
}

function Payments({ pharmacy }: { pharmacy: Pharmacy }) {
  const payments = trpc.payments.list.useQuery({ pharmacyId: pharmacy.id, limit: RELATED_LIMIT });
  return (
    <RelatedTable
      label="Payments"
      rows={payments.data?.items}
      error={payments.error}
      empty="No payments recorded yet."
      testId="pharmacy-payments"
      footer={latestOnly(
        !!payments.data?.nextCursor,
        <Link to="/payments" search={{ pharmacyId: pharmacy.id }}>
          See all in Payments
        </Link>,
      )}
      columns={[
        {
          label: 'Payment #',
          cell: (payment) => (
            <RecordLink kind="payment" id={payment.id}>
              {payment.paymentNumber}
            </RecordLink>
          ),
        },
        { label: 'Date', cell: (payment) => formatDate(payment.date) },
        {
          label: 'Invoice',
          wide: true,
          cell: (payment) =>
            payment.invoiceId && payment.invoice ? (
              <RecordLink kind="invoice" id={payment.invoiceId} fontWeight="normal">
                {payment.invoice.invoiceNumber}
              </RecordLink>
            ) : (
              // Split over several invoices, or not (yet) applied: its page lists where it went.
              `${payment.allocations.filter((a) => !a.voidedAt).length} invoices`
            ),
        },
        { label: 'Method', wide: true, cell: (payment) => payment.method },
        {
          label: 'Amount',
          end: true,
          cell: (payment) => <MoneyText value={payment.amount} fontWeight="medium" />,
        },
      ]}
    />
  );
}

/**
 * Its unapplied cash and open credits: each payment or credit note with a rest, Refund on each,
 * and Apply, which proposes amounts oldest first for the user to confirm.
 */
function Unapplied({ pharmacy }: { pharmacy: Pharmacy }) {
  const can = useCan();
  const mayApply = can('allocations.write');
  // The sources come with the proposal, which only a role that may apply can ask for.
  const proposal = trpc.allocations.propose.useQuery(
    { id: pharmacy.id },
    { enabled: mayApply && toCents(pharmacy.unapplied) > 0 },
  );
  const [applying, setApplying] = useState<ApplyTarget | null>(null);
  const [refunding, setRefunding] = useState<CashSource | null>(null);
  if (toCents(pharmacy.unapplied) <= 0) return null;
  const sources = proposal.data?.sources;
  return (
    <RecordSection title="Unapplied cash and credits" padded={false}>
      <Box px="5" pt="4" pb="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text textStyle="sm">
            <MoneyText
              value={pharmacy.unapplied}
              fontWeight="semibold"
              textStyle="lg"
              data-testid="pharmacy-unapplied"
            />{' '}
            on the account, not yet applied to an invoice.
          </Text>
          <Can permission="allocations.write">
            <Button size="sm" onClick={() => setApplying({ pharmacyId: pharmacy.id })}>
              <LuListChecks /> Apply
            </Button>
          </Can>
        </Flex>
      </Box>
      {mayApply ? (
        <RelatedTable
          label="Unapplied cash and credits"
          rows={sources?.map((source) => ({
            ...source,
            id: source.paymentId ?? -(source.creditNoteId ?? 0),
          }))}
          error={proposal.error}
          empty="Nothing unapplied."
          testId="pharmacy-sources"
          columns={[
            {
              label: 'From',
              cell: (source) =>
                source.paymentId ? (
                  <RecordLink kind="payment" id={source.paymentId}>
                    {source.number}
                  </RecordLink>
                ) : (
                  <RecordLink kind="creditNote" id={source.creditNoteId ?? 0}>
                    {source.number}
                  </RecordLink>
                ),
            },
            { label: 'Date', wide: true, cell: (source) => formatDate(source.date) },
            {
              label: 'Unapplied',
              end: true,
              cell: (source) => <MoneyText value={source.unapplied} fontWeight="medium" />,
            },
            {
              label: 'Actions',
              end: true,
              cell: (source) => (
                <Can permission="refunds.write">
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="gray"
                    aria-label={`Refund ${source.number}`}
                    onClick={() =>
                      setRefunding({
                        pharmacyId: pharmacy.id,
                        ...(source.paymentId ? { paymentId: source.paymentId } : {}),
                        ...(source.creditNoteId ? { creditNoteId: source.creditNoteId } : {}),
                        number: source.number,
                        unapplied: source.unapplied,
                      })
                    }
                  >
                    <LuBanknote /> Refund
                  </Button>
                </Can>
              ),
            },
          ]}
        />
      ) : null}
      <LazyApplyDialog target={applying} onClose={() => setApplying(null)} />
      <LazyRefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </RecordSection>
  );
}

const TABS = [
  { value: 'invoices', label: 'Open Invoices' },
  { value: 'orders', label: 'Orders' },
  { value: 'payments', label: 'Payments' },
  { value: 'statement', label: 'Statement' },
  { value: 'history', label: 'History' },
] as const;

/** Its open invoices, orders, payments, statement and history, one tab each, loaded when opened. */
function Activity({ pharmacy }: { pharmacy: Pharmacy }) {
  return (
    <Tabs.Root defaultValue="invoices" variant="line" lazyMount data-testid="pharmacy-tabs">
      <RecordSection title="Account Activity" padded={false}>
        <Box px="5" pt="2" borderBottomWidth="1px" borderColor="border.muted">
          <Tabs.List overflowX="auto" maxW="full" borderBottomWidth="0">
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                flexShrink={0}
                data-testid={`pharmacy-tab-${tab.value}`}
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value="invoices" p="0">
          <OpenInvoices pharmacy={pharmacy} />
        </Tabs.Content>
        <Tabs.Content value="orders" p="0">
          <Orders pharmacy={pharmacy} />
        </Tabs.Content>
        <Tabs.Content value="payments" p="0">
          <Payments pharmacy={pharmacy} />
        </Tabs.Content>
        <Tabs.Content value="statement" p="5">
          <Text textStyle="sm" color="fg.muted" mb="3">
            Balances, invoices and payments over a period, with the aging on its last day and a PDF
            to send.
          </Text>
          <Button asChild variant="outline" size="sm">
            <Link to="/pharmacies/$id/statement" params={{ id: pharmacy.id }}>
              <LuScrollText /> Open the statement
            </Link>
          </Button>
        </Tabs.Content>
        <Tabs.Content value="history" p="5">
          <RecordHistory entityType="pharmacy" entityId={pharmacy.id} />
        </Tabs.Content>
      </RecordSection>
    </Tabs.Root>
  );
}

/**
 * A customer's page (`/pharmacies/$id`): contact and terms, credit limit, available credit and
 * hold, balance and aging as of today, then its open invoices, orders, payments, statement and
 * history; New order and New invoice for it, Record payment on its invoices, Statement, Edit.
 */
export function PharmacyPage({ id }: { id: number }) {
  const pharmacy = trpc.pharmacies.get.useQuery({ id });
  const [paying, setPaying] = useState<PharmacyPaymentTarget | null>(null);

  return (
    <>
      <RecordPage
        noun="Pharmacy"
        back={{ to: '/pharmacies', label: 'Back to Pharmacies' }}
        load={pharmacy}
        testId="pharmacy-page"
        header={(current) => ({
          title: current.name,
          badge: current.creditHold ? <CreditHoldBadge hold={current.creditHold} /> : null,
          subtitle: [current.contactName, current.email, current.phone].filter(Boolean).join(' · '),
          actions: (
            <>
              <Can permission="pharmacies.edit">
                <Button asChild variant="outline" colorPalette="gray">
                  <Link to="/pharmacies/$id/edit" params={{ id: current.id }}>
                    <LuPencil /> Edit
                  </Link>
                </Button>
              </Can>
              <RecordDelete list={pharmaciesList} record={current} />
              <Button asChild variant="outline" colorPalette="gray">
                <Link to="/pharmacies/$id/statement" params={{ id: current.id }}>
                  <LuScrollText /> Statement
                </Link>
              </Button>
              <EmailStatementButton pharmacy={current} />
              <DunningPauseButton pharmacyId={current.id} />
              <Can permission="payments.write">
                <Button
                  variant="outline"
                  colorPalette="gray"
                  onClick={() => setPaying({ pharmacyId: current.id, pharmacyName: current.name })}
                >
                  <LuCreditCard /> Record payment
                </Button>
              </Can>
              <Can permission="creditNotes.write">
                <Button asChild variant="outline" colorPalette="gray">
                  <Link to="/credit-notes/new" search={{ pharmacyId: current.id }}>
                    <LuReceiptText /> Credit note
                  </Link>
                </Button>
              </Can>
              <Can permission="invoices.write">
                <Button asChild variant="outline">
                  <Link to="/invoices/new" search={{ pharmacyId: current.id }}>
                    <LuFilePlus /> New invoice
                  </Link>
                </Button>
              </Can>
              <Can permission="orders.write">
                <Button asChild>
                  <Link to="/orders/new" search={{ pharmacyId: current.id }}>
                    <LuShoppingCart /> New order
                  </Link>
                </Button>
              </Can>
            </>
          ),
        })}
      >
        {(current) => {
          const available = availableCredit(current);
          return (
            <>
              {current.creditHold ? (
                <Alert.Root status="error" rounded="lg" data-testid="pharmacy-hold">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>On credit hold</Alert.Title>
                    <Alert.Description>{current.creditHold.reason}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              ) : null}

              <RecordSection title="Account">
                <FactsGrid>
                  <Fact label="Balance">
                    <MoneyText
                      value={current.balance}
                      textStyle="lg"
                      fontWeight="semibold"
                      highlightPositive
                      data-testid="pharmacy-balance"
                    />
                  </Fact>
                  <Fact label="Credit Limit">
                    {current.creditLimit === null ? (
                      'None'
                    ) : (
                      <MoneyText value={current.creditLimit} textStyle="lg" fontWeight="semibold" />
                    )}
                  </Fact>
                  <Fact label="Available Credit">
                    {available === null ? (
                      'No limit'
                    ) : (
                      <MoneyText
                        value={available}
                        textStyle="lg"
                        fontWeight="semibold"
                        data-testid="pharmacy-available-credit"
                      />
                    )}
                  </Fact>
                  <Fact label="Payment Terms">{termsLabel(current.terms)}</Fact>
                </FactsGrid>
              </RecordSection>

              <Unapplied pharmacy={current} />

              <DunningFees pharmacyId={current.id} />

              <Aging id={current.id} />

              {/* In a card like the page's other sections (the details dialog shows them bare). */}
              <RecordSection title="Compliance" padded={false} testId="pharmacy-compliance">
                <Box px="5" pb="5">
                  <LicencesSection pharmacyId={current.id} />
                  <PharmacyShelfLife pharmacyId={current.id} />
                </Box>
              </RecordSection>

              <Activity pharmacy={current} />

              <Grid
                templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
                gap="6"
              >
                <RecordSection title="Contact">
                  <FactsGrid columns={2}>
                    <Fact label="Contact">{current.contactName || EMPTY}</Fact>
                    <Fact label="Email">{current.email || EMPTY}</Fact>
                    <Fact label="Phone">{current.phone || EMPTY}</Fact>
                    <Fact label="Customer Since">{formatDate(current.createdAt)}</Fact>
                    <Fact label="Shipping Address">
                      <Multiline value={current.shippingAddress} />
                    </Fact>
                    <Fact label="Billing Address">
                      <Multiline value={current.billingAddress} />
                    </Fact>
                  </FactsGrid>
                </RecordSection>
                <RecordSection title="Notes">
                  <Box textStyle="sm">
                    <Multiline value={current.notes} />
                  </Box>
                </RecordSection>
              </Grid>
            </>
          );
        }}
      </RecordPage>
      <LazyPharmacyPaymentDialog target={paying} onClose={() => setPaying(null)} />
    </>
  );
}
