import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  Flex,
  Grid,
  HStack,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuDownload, LuPencil } from 'react-icons/lu';
import { formatDate, ORDER_STATUS_PALETTE } from '@pharm/validators';
import { DetailsDialog, useLastShown } from '../../components/DetailsDialog';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { itemsLabel, type OrderListItem } from './format';
import type { useOrderActions } from './useOrderActions';
import { useRecordTabs } from '../activity/RecordTabs';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text
        textStyle="xs"
        color="fg.muted"
        fontWeight="medium"
        textTransform="uppercase"
        letterSpacing="wide"
      >
        {label}
      </Text>
      <Box textStyle="sm" color="fg" overflowWrap="anywhere">
        {children}
      </Box>
    </Stack>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Text textStyle="sm" fontWeight="semibold" color="ink.900" mb="3">
      {children}
    </Text>
  );
}

/**
 * One order in full: facts, pharmacy contact, line items, item count, notes and total. The list
 * row shows at once; the pharmacy's contact details load with the order.
 */
export function OrderDetailsDialog({
  order,
  onClose,
  actions,
}: {
  order: OrderListItem | null;
  onClose: () => void;
  actions: ReturnType<typeof useOrderActions>;
}) {
  const shown = useLastShown(order);
  const tabs = useRecordTabs('order', shown?.id);
  const details = trpc.orders.get.useQuery({ id: shown?.id ?? 0 }, { enabled: order !== null });
  const full = details.data && details.data.id === shown?.id ? details.data : undefined;
  const current = full ?? shown;

  return (
    <DetailsDialog open={order !== null} onClose={onClose} size="xl" testId="order-details">
      {current ? (
        <>
          <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
            <HStack gap="3">
              <Dialog.Title fontVariantNumeric="tabular-nums">{current.orderNumber}</Dialog.Title>
              <StatusBadge status={current.status} colors={ORDER_STATUS_PALETTE} />
            </HStack>
            <Text textStyle="sm" color="fg.muted">
              Order details
            </Text>
            {tabs.list}
          </Dialog.Header>
          <Dialog.Body {...tabs.detailsBody}>
            <Stack gap="6">
              <Grid
                templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
                gap="4"
                bg="bg.subtle"
                rounded="lg"
                p="4"
              >
                <Fact label="Order Date">{formatDate(current.orderDate)}</Fact>
                <Fact label="Status">
                  <StatusBadge status={current.status} colors={ORDER_STATUS_PALETTE} />
                </Fact>
                <Fact label="Shipping">{current.shipMethod || 'Not specified'}</Fact>
                <Fact label="Total">
                  <MoneyText value={current.total} fontWeight="semibold" />
                </Fact>
              </Grid>

              <Box>
                <SectionTitle>Pharmacy</SectionTitle>
                <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)' }} gap="4">
                  <Fact label="Name">{current.pharmacy.name}</Fact>
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
              </Box>

              <Box>
                <SectionTitle>Line Items</SectionTitle>
                <Box borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
                  <Table.ScrollArea>
                    <Table.Root size="sm" fontSize="13px" data-testid="order-details-lines">
                      <Table.Header>
                        <Table.Row bg="bg.subtle">
                          <Table.ColumnHeader ps="4">Product</Table.ColumnHeader>
                          <Table.ColumnHeader>Description</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end">Unit Price</Table.ColumnHeader>
                          <Table.ColumnHeader textAlign="end" pe="4">
                            Total
                          </Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {current.lineItems.map((line) => (
                          <Table.Row key={line.id}>
                            <Table.Cell ps="4" whiteSpace="nowrap">
                              <Text fontWeight="medium">{line.productSku || EMPTY}</Text>
                              {line.variantSku ? (
                                <Text textStyle="xs" color="fg.muted">
                                  {line.variantSku}
                                </Text>
                              ) : null}
                            </Table.Cell>
                            <Table.Cell whiteSpace="normal" minW="48">
                              {line.description}
                            </Table.Cell>
                            <Table.Cell textAlign="end">
                              {line.qty.toLocaleString('en-US')}
                            </Table.Cell>
                            <Table.Cell textAlign="end">
                              <MoneyText value={line.unitPrice} />
                            </Table.Cell>
                            <Table.Cell textAlign="end" pe="4" fontWeight="medium">
                              <MoneyText value={line.lineTotal} />
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Table.ScrollArea>
                </Box>
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
              </Box>

              {current.notes ? (
                <Box>
                  <SectionTitle>Notes</SectionTitle>
                  <Text textStyle="sm" whiteSpace="pre-line" bg="bg.subtle" rounded="lg" p="4">
                    {current.notes}
                  </Text>
                </Box>
              ) : null}
            </Stack>
          </Dialog.Body>
          {tabs.historyBody}
          <Dialog.Footer>
            <Button
              variant="outline"
              colorPalette="gray"
              loading={actions.downloadingId === current.id}
              loadingText="Downloading..."
              onClick={() => void actions.download(current)}
            >
              <LuDownload /> Download PDF
            </Button>
            <Button asChild>
              <Link to="/orders/$id/edit" params={{ id: current.id }}>
                <LuPencil /> Edit Order
              </Link>
            </Button>
          </Dialog.Footer>
        </>
      ) : null}
    </DetailsDialog>
  );
}
