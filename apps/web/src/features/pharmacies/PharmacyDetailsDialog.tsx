import { Button, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuPencil, LuScrollText } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import {
  DetailsContent,
  DetailsDialog,
  DetailsItem,
  DetailsList,
  useLastShown,
} from '../../components/DetailsDialog';
import { Multiline } from '../../components/Multiline';
import { MoneyText } from '../../components/MoneyText';
import type { Pharmacy } from '../../lib/trpc';
import { EMPTY } from '../../lib/text';
import type { DetailsProps } from '../lists/ListScreen';
import { CreditHoldBadge } from './CreditHoldBadge';
import { termsLabel } from './format';
import { useRecordTabs } from '../activity/RecordTabs';
import { OpenPageButton } from '../records/RecordLink';
import { LicencesSection } from '../licences/LicencesSection';
import { useCan } from '../auth/can';

/** Every field of one pharmacy, read-only. */
export function PharmacyDetailsDialog({
  record: pharmacy,
  onClose,
}: DetailsProps<Pharmacy, undefined>) {
  const shown = useLastShown(pharmacy);
  const tabs = useRecordTabs('pharmacy', shown?.id);
  const can = useCan();

  return (
    <DetailsDialog open={pharmacy !== null} onClose={onClose} size="lg" testId="pharmacy-details">
      {shown ? (
        <DetailsContent
          title={
            <>
              {shown.name}
              <CreditHoldBadge hold={shown.creditHold} ms="2" verticalAlign="middle" />
            </>
          }
          subtitle="Pharmacy details"
          tabs={tabs}
          onClose={onClose}
          actions={
            <>
              <OpenPageButton kind="pharmacy" id={shown.id} />
              <Button asChild variant="outline">
                <Link to="/pharmacies/$id/statement" params={{ id: shown.id }}>
                  <LuScrollText /> Statement
                </Link>
              </Button>
              {can('pharmacies.edit') ? (
                <Button asChild>
                  <Link to="/pharmacies/$id/edit" params={{ id: shown.id }}>
                    <LuPencil /> Edit Pharmacy
                  </Link>
                </Button>
              ) : null}
            </>
          }
        >
          <DetailsList>
            <DetailsItem label="Name">{shown.name}</DetailsItem>
            <DetailsItem label="Contact">{shown.contactName || EMPTY}</DetailsItem>
            <DetailsItem label="Email">{shown.email || EMPTY}</DetailsItem>
            <DetailsItem label="Phone">{shown.phone || EMPTY}</DetailsItem>
            <DetailsItem label="Payment Terms">{termsLabel(shown.terms)}</DetailsItem>
            <DetailsItem label="Balance">
              <MoneyText value={shown.balance} highlightPositive />
            </DetailsItem>
            <DetailsItem label="Credit Limit">
              {shown.creditLimit === null ? 'None' : <MoneyText value={shown.creditLimit} />}
            </DetailsItem>
            {shown.creditHold ? (
              <DetailsItem label="Credit Hold">
                <Text color="red.600" data-testid="credit-hold-reason">
                  {shown.creditHold.reason}
                </Text>
              </DetailsItem>
            ) : null}
            <DetailsItem label="Shipping Address">
              <Multiline value={shown.shippingAddress} />
            </DetailsItem>
            <DetailsItem label="Shipping State">{shown.shippingState ?? EMPTY}</DetailsItem>
            <DetailsItem label="Billing Address">
              <Multiline value={shown.billingAddress} />
            </DetailsItem>
            <DetailsItem label="Notes">
              <Multiline value={shown.notes} />
            </DetailsItem>
            <DetailsItem label="Created">{formatDate(shown.createdAt)}</DetailsItem>
            <DetailsItem label="Updated">{formatDate(shown.updatedAt)}</DetailsItem>
          </DetailsList>
          <LicencesSection pharmacyId={shown.id} />
        </DetailsContent>
      ) : null}
    </DetailsDialog>
  );
}
