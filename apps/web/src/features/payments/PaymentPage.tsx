import { useState } from 'react';
import { Button, Grid, Text } from '@chakra-ui/react';
import { LuBanknote, LuListChecks, LuPencil } from 'react-icons/lu';
import { formatDate, INVOICE_STATUS_PALETTE, toCents } from '@pharm/validators';
import { Multiline } from '../../components/Multiline';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Fact } from '../documents/DocumentDetails';
import { RecordDelete } from '../records/RecordDelete';
import { RecordLink } from '../records/RecordLink';
import { FactsGrid, RecordPage, RecordSection } from '../records/RecordPage';
import { LazyPaymentDialog } from '../records/LazyPaymentDialog';
import type { PaymentDialogTarget } from './PaymentDialog';
import { Can } from '../auth/can';
import type { CashSource } from './cash';
import { LazyApplyDialog, LazyRefundDialog } from './cashDialogs';
import { AllocationsTable, RefundsTable } from './CashRecords';
import { paymentsList } from './list';
import type { ApplyTarget } from './ApplyDialog';

/**
 * A payment's page (`/payments/$id`): amount, date, method and reference, the invoice it went to
 * (where that invoice now stands) and its pharmacy, notes and history; Edit opens the payment
 * dialog.
 */
export function PaymentPage({ id }: { id: number }) {
  const payment = trpc.payments.get.useQuery({ id });
  const [editing, setEditing] = useState<PaymentDialogTarget | null>(null);
  const [applying, setApplying] = useState<ApplyTarget | null>(null);
  const [refunding, setRefunding] = useState<CashSource | null>(null);
  const sourceOf = (current: NonNullable<typeof payment.data>): CashSource => ({
    pharmacyId: current.pharmacyId,
    paymentId: current.id,
    number: current.paymentNumber,
    unapplied: current.unapplied,
  });

  return (
    <>
      <RecordPage
        noun="Payment"
        back={{ to: '/payments', label: 'Back to Payments' }}
        load={payment}
        testId="payment-page"
        header={(current) => ({
          title: current.paymentNumber,
          subtitle: (
            <>
              <MoneyText value={current.amount} /> by {current.method} on {formatDate(current.date)}
            </>
          ),
          actions: (
            <>
              {toCents(current.unapplied) > 0 ? (
                <>
                  <Can permission="refunds.write">
                    <Button
                      variant="outline"
                      colorPalette="gray"
                      onClick={() => setRefunding(sourceOf(current))}
                    >
                      <LuBanknote /> Refund
                    </Button>
                  </Can>
                  <Can permission="allocations.write">
                    <Button
                      variant="outline"
                      onClick={() =>
                        setApplying({ pharmacyId: current.pharmacyId, source: sourceOf(current) })
                      }
                    >
                      <LuListChecks /> Apply to invoices
                    </Button>
                  </Can>
                </>
              ) : null}
              <Can permission="payments.write">
                <Button onClick={() => setEditing({ mode: 'edit', payment: current })}>
                  <LuPencil /> Edit Payment
                </Button>
              </Can>
              <RecordDelete list={paymentsList} record={current} />
            </>
          ),
        })}
      >
        {(current) => (
          <>
            <RecordSection title="Payment">
              <FactsGrid>
                <Fact label="Amount">
                  <MoneyText value={current.amount} fontWeight="semibold" />
                </Fact>
                <Fact label="Date">{formatDate(current.date)}</Fact>
                <Fact label="Method">{current.method}</Fact>
                <Fact label="Reference">{current.reference || EMPTY}</Fact>
                <Fact label="Unapplied">
                  <MoneyText
                    value={current.unapplied}
                    fontWeight="semibold"
                    data-testid="payment-unapplied"
                  />
                </Fact>
              </FactsGrid>
            </RecordSection>
            <RecordSection title="Allocations" padded={false}>
              <AllocationsTable allocations={current.allocations} testId="payment-allocations" />
            </RecordSection>
            {current.refunds.length ? (
              <RecordSection title="Refunds" padded={false}>
                <RefundsTable refunds={current.refunds} testId="payment-refunds" />
              </RecordSection>
            ) : null}
            <Grid
              templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
              gap="6"
            >
              <RecordSection title="Applied To">
                <FactsGrid columns={2}>
                  <Fact label="Invoice">
                    {current.invoiceId && current.invoice ? (
                      <RecordLink
                        kind="invoice"
                        id={current.invoiceId}
                        data-testid="payment-invoice-link"
                      >
                        {current.invoice.invoiceNumber}
                      </RecordLink>
                    ) : (
                      'See its allocations'
                    )}
                  </Fact>
                  <Fact label="Pharmacy">
                    <RecordLink
                      kind="pharmacy"
                      id={current.pharmacyId}
                      data-testid="payment-pharmacy-link"
                    >
                      {current.pharmacy.name}
                    </RecordLink>
                  </Fact>
                  <Fact label="Invoice Status">
                    {current.invoice ? (
                      <StatusBadge
                        status={current.invoice.status}
                        colors={INVOICE_STATUS_PALETTE}
                      />
                    ) : null}
                  </Fact>
                  <Fact label="Invoice Balance">
                    {current.invoice ? <MoneyText value={current.invoice.balance} /> : null}
                  </Fact>
                </FactsGrid>
              </RecordSection>
              <RecordSection title="Notes">
                <Text as="div" textStyle="sm">
                  <Multiline value={current.notes} />
                </Text>
              </RecordSection>
            </Grid>
            <RecordSection title="History">
              <RecordHistory entityType="payment" entityId={current.id} />
            </RecordSection>
          </>
        )}
      </RecordPage>
      <LazyPaymentDialog target={editing} onClose={() => setEditing(null)} />
      <LazyApplyDialog target={applying} onClose={() => setApplying(null)} />
      <LazyRefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
