import { Flex, Grid, HStack, Skeleton, Text } from '@chakra-ui/react';
import { formatDate, ORDER_STATUS_PALETTE } from '@pharm/validators';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { itemsLabel, type OrderListItem } from './format';
import type { OrderRowState } from './useOrderActions';
import { useRecordTabs } from '../activity/RecordTabs';
import { RecordLink } from '../records/RecordLink';
import type { DetailsProps } from '../lists/ListScreen';
import { DetailsSection, Fact, FactsPanel, LinesTable, Notes } from '../documents/DocumentDetails';
import { DocumentContent } from '../documents/DocumentContent';
import { OrderInvoice } from './OrderInvoice';

/**
 * One order in full: facts, pharmacy contact, line items, item count, notes and total. The list
 * row shows at once; the pharmacy's contact details load with the order.
 */
export function OrderDetailsDialog({
  record: order,
  onClose,
  state,
}: DetailsProps<OrderListItem, OrderRowState>) {
  const shown = useLastShown(order);
  const tabs = useRecordTabs('order', shown?.id);
  const details = trpc.orders.get.useQuery({ id: shown?.id ?? 0 }, { enabled: order !== null });
  const full = details.data && details.data.id === shown?.id ? details.data : undefined;
  const current = full ?? shown;

  return (
    <DetailsDialog open={order !== null} onClose={onClose} size="xl" testId="order-details">
      {current ? (
        <DocumentContent
          noun="Order"
          id={current.id}
          number={current.orderNumber}
          status={<StatusBadge status={current.status} colors={ORDER_STATUS_PALETTE} />}
          tabs={tabs}
          downloading={state.downloading}
          downloadingText="Downloading..."
          onDownload={() => void state.download(current)}
        >
          <FactsPanel>
            <Fact label="Order Date">{formatDate(current.orderDate)}</Fact>
            <Fact label="Status">
              <StatusBadge status={current.status} colors={ORDER_STATUS_PALETTE} />
            </Fact>
            <Fact label="Shipping">{current.shipMethod || 'Not specified'}</Fact>
            <Fact label="Total">
              <MoneyText value={current.total} fontWeight="semibold" />
            </Fact>
          </FactsPanel>

          <DetailsSection title="Invoice">
            <OrderInvoice order={current} />
          </DetailsSection>

          <DetailsSection title="Pharmacy">
            <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
              <Fact label="Name">
                <RecordLink kind="pharmacy" id={current.pharmacyId}>
                  {current.pharmacy.name}
                </RecordLink>
              </Fact>
              {full ? (
                <>
                  <Fact label="Contact">{full.pharmacy.contactName || EMPTY}</Fact>
                  <Fact label="Email">{full.pharmacy.email || EMPTY}</Fact>
                  <Fact label="Phone">{full.pharmacy.phone || EMPTY}</Fact>
                </>
              ) : details.isError ? (
                <Text color="fg.error" textStyle="sm">
                  Failed to load the pharmacy’s contact: {errorMessage(details.error)}
                </Text>
              ) : (
                ['Contact', 'Email', 'Phone'].map((label) => (
                  <Fact key={label} label={label}>
                    <Skeleton h="4" w="40" mt="1" />
                  </Fact>
                ))
              )}
            </Grid>
          </DetailsSection>

          <DetailsSection title="Line Items">
            <LinesTable lines={current.lineItems} withProduct testId="order-details-lines" />
            <Flex justify="space-between" align="flex-start" mt="4" gap="6" wrap="wrap">
              <Text textStyle="sm" color="fg.muted" data-testid="order-details-item-count">
                Total items: <strong>{itemsLabel(current.itemCount)}</strong>
              </Text>
              <HStack gap="6" align="baseline">
                <Text textStyle="sm" color="fg.muted">
                  Total
                </Text>
                <MoneyText
                  value={current.total}
                  textStyle="xl"
                  fontWeight="semibold"
                  color="ink.900"
                />
              </HStack>
            </Flex>
          </DetailsSection>

          <Notes notes={current.notes} />
        </DocumentContent>
      ) : null}
    </DetailsDialog>
  );
}
