import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuPencil } from 'react-icons/lu';
import { formatDate, INVOICE_STATUS_PALETTE, ORDER_STATUS_PALETTE } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Fact } from '../documents/DocumentDetails';
import { shownStatus } from '../invoices/status';
import { RecordDelete } from '../records/RecordDelete';
import { RecordLink } from '../records/RecordLink';
import {
  FactsGrid,
  RecordPage,
  RecordSection,
  RELATED_LIMIT,
  RelatedTable,
} from '../records/RecordPage';
import { ActiveBadge } from './ActiveBadge';
import { categoryContent } from './content';
import { productsList } from './list';
import { Can } from '../auth/can';
import { ProductLotsSection } from '../lots/ProductLotsSection';

/** Under a related table that has more rows than it shows. */
const LATEST_ONLY = <Text color="fg.muted">Showing the latest {RELATED_LIMIT}.</Text>;

/**
 * A product's page (`/products/$id`): its facts and variants, and the orders and invoices that
 * sold it (a line of its SKU or of one of its variants'; an invoice through its order).
 */
export function ProductPage({ id }: { id: number }) {
  const product = trpc.products.get.useQuery({ id });
  const orders = trpc.orders.list.useQuery({ productId: id, limit: RELATED_LIMIT });
  const invoices = trpc.invoices.list.useQuery({ productId: id, limit: RELATED_LIMIT });

  return (
    <RecordPage
      noun="Product"
      back={{ to: '/products', label: 'Back to Products' }}
      load={product}
      testId="product-page"
      header={(current) => ({
        title: current.name,
        badge: <ActiveBadge active={current.active} />,
        subtitle: (
          <HStack as="span" gap="2" wrap="wrap">
            <Text as="span" fontFamily="mono">
              {current.sku}
            </Text>
            <Badge variant="outline" colorPalette="gray">
              {current.category}
            </Badge>
          </HStack>
        ),
        actions: (
          <>
            <RecordDelete list={productsList} record={current} />
            <Can permission="products.write">
              <Button asChild>
                <Link to="/products/$id/edit" params={{ id: current.id }}>
                  <LuPencil /> Edit Product
                </Link>
              </Button>
            </Can>
          </>
        ),
      })}
    >
      {(current) => (
        <>
          <RecordSection title="Product">
            <FactsGrid>
              <Fact label="SKU">{current.sku}</Fact>
              <Fact label="Category">{current.category}</Fact>
              <Fact label="Default Price">
                <MoneyText value={current.defaultPrice} fontWeight="semibold" />
              </Fact>
              <Fact label="Variants">{current.variantCount.toLocaleString('en-US')}</Fact>
            </FactsGrid>
            {categoryContent(current.category) ? (
              <Text textStyle="sm" color="fg.muted" mt="5">
                {categoryContent(current.category)?.description}
              </Text>
            ) : null}
          </RecordSection>

          <RecordSection title={`Variants (${current.variantCount})`} padded={false}>
            <RelatedTable
              label="Variants"
              rows={current.variants}
              error={null}
              empty="No variants."
              testId="product-variants"
              columns={[
                {
                  label: 'Variant SKU',
                  cell: (variant) => (
                    <Text as="span" fontFamily="mono" textStyle="xs">
                      {variant.variantSku}
                    </Text>
                  ),
                },
                { label: 'Size', cell: (variant) => variant.size || EMPTY },
                { label: 'Color', wide: true, cell: (variant) => variant.color || EMPTY },
                { label: 'Material', wide: true, cell: (variant) => variant.material || EMPTY },
                {
                  label: 'Sterile',
                  wide: true,
                  cell: (variant) => (variant.sterile ? 'Yes' : 'No'),
                },
                {
                  label: 'Pack',
                  end: true,
                  wide: true,
                  cell: (variant) => variant.packageQty.toLocaleString('en-US'),
                },
                {
                  label: 'Price',
                  end: true,
                  cell: (variant) => <MoneyText value={variant.defaultPrice} />,
                },
              ]}
            />
          </RecordSection>

          <ProductLotsSection productId={current.id} variants={current.variants} />

          <RecordSection title="Orders" padded={false}>
            <RelatedTable
              label="Orders"
              rows={orders.data?.items}
              error={orders.error}
              empty="No order has sold this product yet."
              testId="product-orders"
              footer={orders.data?.nextCursor ? LATEST_ONLY : null}
              columns={[
                {
                  label: 'Order #',
                  cell: (order) => (
                    <RecordLink kind="order" id={order.id}>
                      {order.orderNumber}
                    </RecordLink>
                  ),
                },
                {
                  label: 'Pharmacy',
                  wide: true,
                  cell: (order) => (
                    <RecordLink kind="pharmacy" id={order.pharmacyId} fontWeight="normal">
                      {order.pharmacy.name}
                    </RecordLink>
                  ),
                },
                { label: 'Date', wide: true, cell: (order) => formatDate(order.orderDate) },
                {
                  label: 'Total',
                  end: true,
                  cell: (order) => <MoneyText value={order.total} />,
                },
                {
                  label: 'Status',
                  cell: (order) => (
                    <StatusBadge status={order.status} colors={ORDER_STATUS_PALETTE} />
                  ),
                },
              ]}
            />
          </RecordSection>

          <RecordSection title="Invoices" padded={false}>
            <RelatedTable
              label="Invoices"
              rows={invoices.data?.items}
              error={invoices.error}
              empty="No invoice has billed this product yet."
              testId="product-invoices"
              footer={invoices.data?.nextCursor ? LATEST_ONLY : null}
              columns={[
                {
                  label: 'Invoice #',
                  cell: (invoice) => (
                    <RecordLink kind="invoice" id={invoice.id}>
                      {invoice.invoiceNumber}
                    </RecordLink>
                  ),
                },
                {
                  label: 'Pharmacy',
                  wide: true,
                  cell: (invoice) => (
                    <RecordLink kind="pharmacy" id={invoice.pharmacyId} fontWeight="normal">
                      {invoice.pharmacy.name}
                    </RecordLink>
                  ),
                },
                { label: 'Date', wide: true, cell: (invoice) => formatDate(invoice.invoiceDate) },
                {
                  label: 'Total',
                  end: true,
                  cell: (invoice) => <MoneyText value={invoice.total} />,
                },
                {
                  label: 'Status',
                  cell: (invoice) => (
                    <StatusBadge status={shownStatus(invoice)} colors={INVOICE_STATUS_PALETTE} />
                  ),
                },
              ]}
            />
          </RecordSection>

          <RecordSection title="History">
            <RecordHistory entityType="product" entityId={current.id} />
          </RecordSection>
        </>
      )}
    </RecordPage>
  );
}
