import { Button, Flex, Grid, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuDownload, LuPencil } from 'react-icons/lu';
import { formatDate, ORDER_STATUS_PALETTE } from '@pharm/validators';
import { Multiline } from '../../components/Multiline';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Fact } from '../documents/DocumentDetails';
import { RecordLines } from '../records/RecordLines';
import { RecordDelete } from '../records/RecordDelete';
import { RecordLink } from '../records/RecordLink';
import { FactsGrid, RecordPage, RecordSection } from '../records/RecordPage';
import { itemsLabel } from './format';
import { ordersList } from './list';
import { nextMove } from './moves';
import { OrderInvoice } from './OrderInvoice';
import { useOrderActions } from './useOrderActions';
import { Can } from '../auth/can';
import { EmailOrderButton } from '../emails/EmailActions';

/**
 * An order's page (`/orders/$id`): its facts, pharmacy, invoice (or Create invoice), lines and
 * total, notes and history; Send or Fulfil, Download PDF and Edit as the list offers them.
 */
export function OrderPage({ id }: { id: number }) {
  const order = trpc.orders.get.useQuery({ id });
  const actions = useOrderActions();
  const state = actions.rowState({ id });

  return (
    <>
      <RecordPage
        noun="Order"
        back={{ to: '/orders', label: 'Back to Orders' }}
        load={order}
        testId="order-page"
        header={(current) => {
          const move = nextMove(current.status);
          return {
            title: current.orderNumber,
            badge: <StatusBadge status={current.status} colors={ORDER_STATUS_PALETTE} />,
            subtitle: (
              <>
                Order for{' '}
                <RecordLink kind="pharmacy" id={current.pharmacyId}>
                  {current.pharmacy.name}
                </RecordLink>{' '}
                · {formatDate(current.orderDate)}
              </>
            ),
            actions: (
              <>
                <Button
                  variant="outline"
                  colorPalette="gray"
                  loading={state.downloading}
                  loadingText="Downloading..."
                  onClick={() => void state.download(current)}
                >
                  <LuDownload /> Download PDF
                </Button>
                <EmailOrderButton order={current} />
                <Can permission="orders.write">
                  <Button asChild variant="outline" colorPalette="gray">
                    <Link to="/orders/$id/edit" params={{ id: current.id }}>
                      <LuPencil /> Edit
                    </Link>
                  </Button>
                  <RecordDelete list={ordersList} record={current} />
                  {move ? (
                    <Button
                      loading={state.changing}
                      onClick={() => void state.changeStatus(current.id, move.status)}
                    >
                      {move.icon} {move.label}
                    </Button>
                  ) : null}
                </Can>
              </>
            ),
          };
        }}
      >
        {(current) => (
          <>
            <RecordSection title="Summary">
              <FactsGrid>
                <Fact label="Order Date">{formatDate(current.orderDate)}</Fact>
                <Fact label="Shipping">{current.shipMethod || 'Not specified'}</Fact>
                <Fact label="Items">{itemsLabel(current.itemCount)}</Fact>
                <Fact label="Total">
                  <MoneyText value={current.total} fontWeight="semibold" />
                </Fact>
              </FactsGrid>
            </RecordSection>

            <Grid
              templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
              gap="6"
            >
              <RecordSection title="Pharmacy">
                <FactsGrid columns={2}>
                  <Fact label="Name">
                    <RecordLink
                      kind="pharmacy"
                      id={current.pharmacyId}
                      data-testid="order-pharmacy-link"
                    >
                      {current.pharmacy.name}
                    </RecordLink>
                  </Fact>
                  <Fact label="Contact">{current.pharmacy.contactName || EMPTY}</Fact>
                  <Fact label="Email">{current.pharmacy.email || EMPTY}</Fact>
                  <Fact label="Phone">{current.pharmacy.phone || EMPTY}</Fact>
                  <Fact label="Shipping Address">
                    <Multiline value={current.pharmacy.shippingAddress} />
                  </Fact>
                </FactsGrid>
              </RecordSection>
              <RecordSection title="Invoice">
                <OrderInvoice order={current} />
              </RecordSection>
            </Grid>

            <RecordSection title="Line Items">
              <RecordLines lines={current.lineItems} withProduct testId="order-page-lines" />
              <Flex justify="flex-end" mt="4">
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
            </RecordSection>

            {current.notes ? (
              <RecordSection title="Notes">
                <Text textStyle="sm" whiteSpace="pre-line">
                  {current.notes}
                </Text>
              </RecordSection>
            ) : null}

            <RecordSection title="History">
              <RecordHistory entityType="order" entityId={current.id} />
            </RecordSection>
          </>
        )}
      </RecordPage>
      {actions.dialogs}
    </>
  );
}
