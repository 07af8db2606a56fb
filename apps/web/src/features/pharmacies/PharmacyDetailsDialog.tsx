import type { ReactNode } from 'react';
import { Button, DataList, Dialog, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuPencil, LuScrollText } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { MoneyText } from '../../components/MoneyText';
import type { Pharmacy } from '../../lib/trpc';
import { EMPTY } from '../../lib/text';
import { CreditHoldBadge } from './CreditHoldBadge';
import { termsLabel } from './format';
import { useRecordTabs } from '../activity/RecordTabs';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Multiline({ value }: { value: string | null }) {
  return value ? <Text whiteSpace="pre-line">{value}</Text> : <>{EMPTY}</>;
}

/** Every field of one pharmacy, read-only. */
export function PharmacyDetailsDialog({
  pharmacy,
  onClose,
}: {
  pharmacy: Pharmacy | null;
  onClose: () => void;
}) {
  const shown = useLastShown(pharmacy);
  const tabs = useRecordTabs('pharmacy', shown?.id);

  return (
    <DetailsDialog open={pharmacy !== null} onClose={onClose} size="lg" testId="pharmacy-details">
      {shown ? (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
            <Dialog.Title>
              {shown.name}
              <CreditHoldBadge hold={shown.creditHold} ms="2" verticalAlign="middle" />
            </Dialog.Title>
            <Text textStyle="sm" color="fg.muted">
              Pharmacy details
            </Text>
            {tabs.list}
          </Dialog.Header>
          <Dialog.Body {...tabs.detailsBody}>
            <DataList.Root orientation="horizontal" gap="3.5" size="md">
              <Item label="Name">{shown.name}</Item>
              <Item label="Contact">{shown.contactName || EMPTY}</Item>
              <Item label="Email">{shown.email || EMPTY}</Item>
              <Item label="Phone">{shown.phone || EMPTY}</Item>
              <Item label="Payment Terms">{termsLabel(shown.terms)}</Item>
              <Item label="Balance">
                <MoneyText value={shown.balance} highlightPositive />
              </Item>
              <Item label="Credit Limit">
                {shown.creditLimit === null ? 'None' : <MoneyText value={shown.creditLimit} />}
              </Item>
              {shown.creditHold ? (
                <Item label="Credit Hold">
                  <Text color="red.600" data-testid="credit-hold-reason">
                    {shown.creditHold.reason}
                  </Text>
                </Item>
              ) : null}
              <Item label="Shipping Address">
                <Multiline value={shown.shippingAddress} />
              </Item>
              <Item label="Billing Address">
                <Multiline value={shown.billingAddress} />
              </Item>
              <Item label="Notes">
                <Multiline value={shown.notes} />
              </Item>
              <Item label="Created">{formatDate(shown.createdAt)}</Item>
              <Item label="Updated">{formatDate(shown.updatedAt)}</Item>
            </DataList.Root>
          </Dialog.Body>
          {tabs.historyBody}
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onClose}>
              Close
            </Button>
            <Button asChild variant="outline">
              <Link to="/pharmacies/$id/statement" params={{ id: shown.id }}>
                <LuScrollText /> Statement
              </Link>
            </Button>
            <Button asChild>
              <Link to="/pharmacies/$id/edit" params={{ id: shown.id }}>
                <LuPencil /> Edit Pharmacy
              </Link>
            </Button>
          </Dialog.Footer>
        </>
      ) : null}
    </DetailsDialog>
  );
}
