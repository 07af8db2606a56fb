import type { ReactNode } from 'react';
import { Button, DataList, Dialog, Text } from '@chakra-ui/react';
import { LuPencil } from 'react-icons/lu';
import { formatDate, INVOICE_STATUS_PALETTE } from '@pharm/validators';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import type { PaymentListItem } from './format';
import { useRecordTabs } from '../activity/RecordTabs';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** One payment, read-only, with where its invoice now stands. */
export function PaymentDetailsDialog({
  payment,
  onClose,
  onEdit,
}: {
  payment: PaymentListItem | null;
  onClose: () => void;
  onEdit: (payment: PaymentListItem) => void;
}) {
  const shown = useLastShown(payment);
  const tabs = useRecordTabs('payment', shown?.id);

  return (
    <DetailsDialog open={payment !== null} onClose={onClose} size="lg" testId="payment-details">
      {shown ? (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
            <Dialog.Title fontVariantNumeric="tabular-nums">{shown.paymentNumber}</Dialog.Title>
            <Text textStyle="sm" color="fg.muted">
              Payment details
            </Text>
            {tabs.list}
          </Dialog.Header>
          <Dialog.Body {...tabs.detailsBody}>
            <DataList.Root orientation="horizontal" gap="3.5" size="md">
              <Item label="Invoice">{shown.invoice.invoiceNumber}</Item>
              <Item label="Pharmacy">{shown.pharmacy.name}</Item>
              <Item label="Date">{formatDate(shown.date)}</Item>
              <Item label="Amount">
                <MoneyText value={shown.amount} fontWeight="semibold" />
              </Item>
              <Item label="Method">{shown.method}</Item>
              <Item label="Reference">{shown.reference || EMPTY}</Item>
              <Item label="Notes">
                {shown.notes ? <Text whiteSpace="pre-line">{shown.notes}</Text> : EMPTY}
              </Item>
              <Item label="Invoice Status">
                <StatusBadge status={shown.invoice.status} colors={INVOICE_STATUS_PALETTE} />
              </Item>
              <Item label="Invoice Balance">
                <MoneyText value={shown.invoice.balance} />
              </Item>
            </DataList.Root>
          </Dialog.Body>
          {tabs.historyBody}
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => onEdit(shown)}>
              <LuPencil /> Edit Payment
            </Button>
          </Dialog.Footer>
        </>
      ) : null}
    </DetailsDialog>
  );
}
