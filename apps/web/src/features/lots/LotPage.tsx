import { useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuFileText, LuMegaphone, LuShieldAlert } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { can } from '@pharm/validators/roles';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Fact } from '../documents/DocumentDetails';
import { RecordLink } from '../records/RecordLink';
import { FactsGrid, RecordPage, RecordSection, RelatedTable } from '../records/RecordPage';
import { LotStatusBadge } from './LotStatusBadge';
import { lazyDialog } from '../../components/lazyDialog';

const LotStatusDialog = lazyDialog(
  () => import('./LotDialogs').then((m) => m.LotStatusDialog),
  (props) => props.lot !== null,
);

/** A lot's page (`/lots/$id`): its facts, and where it went: orders, invoices, pharmacies. */
export function LotPage({ id }: { id: number }) {
  const lot = trpc.lots.get.useQuery({ id });
  const usage = trpc.lots.usage.useQuery({ id });
  const user = trpc.auth.me.useQuery(undefined, { staleTime: Infinity }).data;
  const [changing, setChanging] = useState(false);

  return (
    <RecordPage
      noun="Lot"
      back={{ to: '/lots', label: 'Back to Lots' }}
      load={lot}
      testId="lot-page"
      header={(current) => ({
        title: `Lot ${current.lotNumber}`,
        badge: <LotStatusBadge lot={current} />,
        subtitle: (
          <Text as="span" fontFamily="mono">
            {current.variantSku ?? current.productSku} · {current.productName}
          </Text>
        ),
        actions: (
          <HStack gap="2">
            {current.certificate ? (
              <Button asChild variant="outline">
                <a href={`/api/lots/${current.id}/certificate`} target="_blank" rel="noopener">
                  <LuFileText /> Certificate
                </a>
              </Button>
            ) : null}
            {can(user?.role, 'recalls.write') && current.status !== 'recalled' ? (
              <Button asChild variant="outline" colorPalette="red">
                <Link to="/recalls" search={{ newLot: current.id }} data-testid="recall-lot">
                  <LuMegaphone /> Recall
                </Link>
              </Button>
            ) : null}
            {can(user?.role, 'lots.write') ? (
              <Button onClick={() => setChanging(true)}>
                <LuShieldAlert /> Change Status
              </Button>
            ) : null}
          </HStack>
        ),
      })}
    >
      {(current) => (
        <>
          <RecordSection title="Lot">
            <FactsGrid>
              <Fact label="Product">
                <RecordLink kind="product" id={current.productId}>
                  {current.productName}
                </RecordLink>
              </Fact>
              <Fact label="Expires">{formatDate(current.expiryDate)}</Fact>
              <Fact label="Manufactured">
                {current.manufacturedOn ? formatDate(current.manufacturedOn) : EMPTY}
              </Fact>
              <Fact label="Supplier">{current.supplier ?? EMPTY}</Fact>
              <Fact label="Certificate of analysis">
                {current.certificate ? (current.certificateName ?? 'On file') : 'None'}
              </Fact>
              <Fact label="Notes">{current.notes ?? EMPTY}</Fact>
            </FactsGrid>
          </RecordSection>

          <RecordSection title="Pharmacies" padded={false}>
            <RelatedTable
              label="Pharmacies"
              rows={usage.data?.pharmacies.map((p) => ({ ...p, id: p.pharmacyId }))}
              error={usage.error}
              empty="No pharmacy has been invoiced this lot."
              testId="lot-pharmacies"
              columns={[
                {
                  label: 'Pharmacy',
                  cell: (p) => (
                    <RecordLink kind="pharmacy" id={p.pharmacyId}>
                      {p.pharmacyName}
                    </RecordLink>
                  ),
                },
                {
                  label: 'Qty invoiced',
                  end: true,
                  cell: (p) => p.qtyInvoiced.toLocaleString('en-US'),
                },
              ]}
            />
          </RecordSection>

          <RecordSection title="Invoices" padded={false}>
            <RelatedTable
              label="Invoices"
              rows={usage.data?.invoices.map((i) => ({ ...i, id: i.invoiceId }))}
              error={usage.error}
              empty="No invoice carries this lot."
              testId="lot-invoices"
              columns={[
                {
                  label: 'Invoice #',
                  cell: (i) => (
                    <RecordLink kind="invoice" id={i.invoiceId}>
                      {i.invoiceNumber}
                    </RecordLink>
                  ),
                },
                { label: 'Pharmacy', wide: true, cell: (i) => i.pharmacyName },
                { label: 'Date', wide: true, cell: (i) => formatDate(i.invoiceDate) },
                { label: 'Qty', end: true, cell: (i) => i.qty.toLocaleString('en-US') },
                { label: 'Status', cell: (i) => i.status },
              ]}
            />
          </RecordSection>

          <RecordSection title="Orders" padded={false}>
            <RelatedTable
              label="Orders"
              rows={usage.data?.orders.map((o) => ({ ...o, id: o.orderId }))}
              error={usage.error}
              empty="No order carries this lot."
              testId="lot-orders"
              columns={[
                {
                  label: 'Order #',
                  cell: (o) => (
                    <RecordLink kind="order" id={o.orderId}>
                      {o.orderNumber}
                    </RecordLink>
                  ),
                },
                { label: 'Pharmacy', wide: true, cell: (o) => o.pharmacyName },
                { label: 'Date', wide: true, cell: (o) => formatDate(o.orderDate) },
                { label: 'Qty', end: true, cell: (o) => o.qty.toLocaleString('en-US') },
                { label: 'Status', cell: (o) => o.status },
              ]}
            />
          </RecordSection>

          <RecordSection title="History">
            <RecordHistory entityType="lot" entityId={current.id} />
          </RecordSection>
          <LotStatusDialog lot={changing ? current : null} onClose={() => setChanging(false)} />
        </>
      )}
    </RecordPage>
  );
}
