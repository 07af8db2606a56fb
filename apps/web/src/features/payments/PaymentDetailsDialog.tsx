import { Button } from '@chakra-ui/react';
import { LuPencil } from 'react-icons/lu';
import { formatDate, INVOICE_STATUS_PALETTE } from '@pharm/validators';
import {
  DetailsContent,
  DetailsDialog,
  DetailsItem,
  DetailsList,
  useLastShown,
} from '../../components/DetailsDialog';
import { Multiline } from '../../components/Multiline';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import type { PaymentListItem } from './format';
import { useRecordTabs } from '../activity/RecordTabs';
import { OpenPageButton, RecordLink } from '../records/RecordLink';
import { Can } from '../auth/can';
import type { DetailsProps } from '../lists/ListScreen';
import type { PaymentRowState } from './usePaymentActions';

/** One payment, read-only, with where its invoice now stands. */
export function PaymentDetailsDialog({
  record: payment,
  onClose,
  state,
}: DetailsProps<PaymentListItem, PaymentRowState>) {
  const shown = useLastShown(payment);
  const tabs = useRecordTabs('payment', shown?.id);

  return (
    <DetailsDialog open={payment !== null} onClose={onClose} size="lg" testId="payment-details">
      {shown ? (
        <DetailsContent
          title={shown.paymentNumber}
          subtitle="Payment details"
          tabs={tabs}
          onClose={onClose}
          actions={
            <>
              <OpenPageButton kind="payment" id={shown.id} />
              <Can permission="payments.write">
                <Button
                  onClick={() => {
                    onClose();
                    state.edit(shown);
                  }}
                >
                  <LuPencil /> Edit Payment
                </Button>
              </Can>
            </>
          }
        >
          <DetailsList>
            <DetailsItem label="Invoice">
              {shown.invoiceId && shown.invoice ? (
                <RecordLink kind="invoice" id={shown.invoiceId}>
                  {shown.invoice.invoiceNumber}
                </RecordLink>
              ) : (
                // Split over several invoices or not applied: its page lists its allocations.
                `${shown.allocations.filter((a) => !a.voidedAt).length} invoices`
              )}
            </DetailsItem>
            <DetailsItem label="Unapplied">
              <MoneyText value={shown.unapplied} />
            </DetailsItem>
            <DetailsItem label="Pharmacy">
              <RecordLink kind="pharmacy" id={shown.pharmacyId}>
                {shown.pharmacy.name}
              </RecordLink>
            </DetailsItem>
            <DetailsItem label="Date">{formatDate(shown.date)}</DetailsItem>
            <DetailsItem label="Amount">
              <MoneyText value={shown.amount} fontWeight="semibold" />
            </DetailsItem>
            <DetailsItem label="Method">{shown.method}</DetailsItem>
            <DetailsItem label="Reference">{shown.reference || EMPTY}</DetailsItem>
            <DetailsItem label="Notes">
              <Multiline value={shown.notes} />
            </DetailsItem>
            <DetailsItem label="Invoice Status">
              {shown.invoice ? (
                <StatusBadge status={shown.invoice.status} colors={INVOICE_STATUS_PALETTE} />
              ) : null}
            </DetailsItem>
            <DetailsItem label="Invoice Balance">
              {shown.invoice ? <MoneyText value={shown.invoice.balance} /> : null}
            </DetailsItem>
          </DetailsList>
        </DetailsContent>
      ) : null}
    </DetailsDialog>
  );
}
