import { Button, Flex, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuFilePlus } from 'react-icons/lu';
import type { OrderStatus } from '@pharm/validators';
import { RecordLink } from '../records/RecordLink';
import { Can } from '../auth/can';
import type { OrderListItem } from './format';

/** Orders in these statuses are ready to bill: the dialog offers to invoice them. */
export const INVOICEABLE: readonly OrderStatus[] = ['Sent', 'Fulfilled'];

/**
 * The invoice made from the order (an order is invoiced at most once): its number, a link to its
 * page; or, for a Sent or Fulfilled order, a link to the invoice form with the order picked.
 */
export function OrderInvoice({
  order,
}: {
  order: Pick<OrderListItem, 'id' | 'status' | 'invoice'>;
}) {
  return (
    <Flex align="center" justify="space-between" gap="4" wrap="wrap" data-testid="order-invoice">
      {order.invoice ? (
        <Text textStyle="sm">
          Invoiced on{' '}
          <RecordLink kind="invoice" id={order.invoice.id} data-testid="order-invoice-link">
            {order.invoice.invoiceNumber}
          </RecordLink>
        </Text>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {order.status === 'Cancelled'
            ? 'Cancelled orders are not invoiced.'
            : 'Not invoiced yet.'}
        </Text>
      )}
      {!order.invoice && INVOICEABLE.includes(order.status) ? (
        <Can permission="invoices.write">
          <Button asChild size="sm" variant="outline">
            <Link to="/invoices/new" search={{ fromOrderId: order.id }}>
              <LuFilePlus /> Create invoice
            </Link>
          </Button>
        </Can>
      ) : null}
    </Flex>
  );
}
