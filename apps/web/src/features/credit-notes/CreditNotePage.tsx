import { useState } from 'react';
import { Button, Grid, Text } from '@chakra-ui/react';
import { LuBanknote, LuDownload, LuListChecks } from 'react-icons/lu';
import { formatDate, formatPercent, toCents } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { EMPTY } from '../../lib/text';
import { notify } from '../../lib/notify';
import { openPdfTab } from '../../lib/open-pdf';
import { trpc } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Can } from '../auth/can';
import { EmailCreditNoteButton } from '../emails/EmailActions';
import { EmailHistory } from '../emails/EmailHistory';
import { Fact } from '../documents/DocumentDetails';
import type { ApplyTarget } from '../payments/ApplyDialog';
import type { CashSource } from '../payments/cash';
import { LazyApplyDialog, LazyRefundDialog } from '../payments/cashDialogs';
import { AllocationsTable, RefundsTable } from '../payments/CashRecords';
import { RecordLink } from '../records/RecordLink';
import { FactsGrid, RecordPage, RecordSection, RelatedTable } from '../records/RecordPage';

/**
 * A credit note's page (`/credit-notes/$id`): what it credits and why, its lines, where it was
 * applied (with Void), its refunds and history; Apply and Refund its unapplied rest, its PDF.
 */
export function CreditNotePage({ id }: { id: number }) {
  const note = trpc.creditNotes.get.useQuery({ id });
  const [applying, setApplying] = useState<ApplyTarget | null>(null);
  const [refunding, setRefunding] = useState<CashSource | null>(null);
  const [opening, setOpening] = useState(false);

  const openPdf = async () => {
    setOpening(true);
    try {
      await openPdfTab(`/api/credit-notes/${id}/download`);
    } catch {
      notify.error('Error', 'Failed to download credit note');
    } finally {
      setOpening(false);
    }
  };

  return (
    <>
      <RecordPage
        noun="Credit note"
        back={{ to: '/credit-notes', label: 'Back to Credit Notes' }}
        load={note}
        testId="credit-note-page"
        header={(current) => {
          const source: CashSource = {
            pharmacyId: current.pharmacyId,
            creditNoteId: current.id,
            number: current.number,
            unapplied: current.unapplied,
          };
          const open = toCents(current.unapplied) > 0;
          return {
            title: current.number,
            subtitle: (
              <>
                <MoneyText value={current.total} /> for {current.pharmacy.name} on{' '}
                {formatDate(current.date)}
              </>
            ),
            actions: (
              <>
                <Button variant="outline" colorPalette="gray" onClick={openPdf} loading={opening}>
                  <LuDownload /> PDF
                </Button>
                <EmailCreditNoteButton note={current} />
                {open ? (
                  <>
                    <Can permission="refunds.write">
                      <Button
                        variant="outline"
                        colorPalette="gray"
                        onClick={() => setRefunding(source)}
                      >
                        <LuBanknote /> Refund
                      </Button>
                    </Can>
                    <Can permission="allocations.write">
                      <Button
                        onClick={() => setApplying({ pharmacyId: current.pharmacyId, source })}
                      >
                        <LuListChecks /> Apply to invoices
                      </Button>
                    </Can>
                  </>
                ) : null}
              </>
            ),
          };
        }}
      >
        {(current) => (
          <>
            <RecordSection title="Credit Note">
              <FactsGrid>
                <Fact label="Pharmacy">
                  <RecordLink kind="pharmacy" id={current.pharmacyId}>
                    {current.pharmacy.name}
                  </RecordLink>
                </Fact>
                <Fact label="Invoice">
                  {current.invoiceId && current.invoice ? (
                    <RecordLink kind="invoice" id={current.invoiceId}>
                      {current.invoice.invoiceNumber}
                    </RecordLink>
                  ) : (
                    EMPTY
                  )}
                </Fact>
                <Fact label="Date">{formatDate(current.date)}</Fact>
                <Fact label="Unapplied">
                  <MoneyText
                    value={current.unapplied}
                    fontWeight="semibold"
                    data-testid="credit-note-unapplied"
                  />
                </Fact>
                <Fact label="Amount">
                  <MoneyText value={current.amount} />
                </Fact>
                <Fact label={`Tax (${formatPercent(current.taxRate)})`}>
                  <MoneyText value={current.taxAmount} />
                </Fact>
                <Fact label="Total">
                  <MoneyText
                    value={current.total}
                    fontWeight="semibold"
                    data-testid="credit-note-total"
                  />
                </Fact>
              </FactsGrid>
            </RecordSection>
            <Grid
              templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
              gap="6"
            >
              <RecordSection title="Reason">
                <Text textStyle="sm" whiteSpace="pre-wrap">
                  {current.reason}
                </Text>
              </RecordSection>
              <RecordSection title="Lines" padded={false}>
                <RelatedTable
                  label="Lines"
                  rows={current.lines}
                  error={null}
                  empty="A free amount: no lines."
                  testId="credit-note-lines"
                  columns={[
                    {
                      label: 'Item',
                      cell: (line) => (
                        <Text as="span" whiteSpace="normal">
                          {line.description}
                        </Text>
                      ),
                    },
                    { label: 'Qty', end: true, cell: (line) => line.qty },
                    {
                      label: 'Unit price',
                      end: true,
                      wide: true,
                      cell: (line) => <MoneyText value={line.unitPrice} />,
                    },
                    {
                      label: 'Total',
                      end: true,
                      cell: (line) => <MoneyText value={line.lineTotal} />,
                    },
                  ]}
                />
              </RecordSection>
            </Grid>
            <RecordSection title="Allocations" padded={false}>
              <AllocationsTable
                allocations={current.allocations}
                testId="credit-note-allocations"
              />
            </RecordSection>
            {current.refunds.length ? (
              <RecordSection title="Refunds" padded={false}>
                <RefundsTable refunds={current.refunds} testId="credit-note-refunds" />
              </RecordSection>
            ) : null}
            <RecordSection title="Emails">
              <EmailHistory entityType="credit_note" entityId={current.id} />
            </RecordSection>
            <RecordSection title="History">
              <RecordHistory entityType="creditNote" entityId={current.id} />
            </RecordSection>
          </>
        )}
      </RecordPage>
      <LazyApplyDialog target={applying} onClose={() => setApplying(null)} />
      <LazyRefundDialog target={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
