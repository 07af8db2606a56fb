import { Box, Table, Text } from '@chakra-ui/react';
import { formatDate, type LineLot } from '@pharm/validators';
import { SectionCard } from '../../components/SectionCard';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { LotPicker } from '../lots/LotPicker';
import type { InvoiceDetails } from './format';

/** A row of the table: a line, the SKU its lots are of, and its lot as saved. */
interface LotRow {
  key: number;
  description: string;
  qty: number;
  sku: string | null;
  lot: LineLot;
  value: number | null;
}

/**
 * Issue 30: the lot of each line of an invoice made from an order, as the order form picks them
 * (LotPicker: the variant's released lots, earliest expiry first, short-dated ones marked for the
 * invoice's pharmacy). A line's variant is its order line's (same position), as the server reads
 * it. The lots change only on a Draft (the issue checked them) and only while the invoice stays on
 * its order: a new order brings its own lines and lots, which the form says instead.
 */
export function InvoiceLineLots({
  invoice,
  pharmacyId,
  orderChanged,
  lots,
  onChange,
}: {
  invoice: InvoiceDetails;
  pharmacyId: number;
  orderChanged: boolean;
  lots: Readonly<Record<number, number | null>>;
  onChange: (lineId: number, lotId: number | null) => void;
}) {
  const order = trpc.orders.get.useQuery(
    { id: invoice.fromOrderId ?? 0 },
    { enabled: invoice.fromOrderId !== null && invoice.status === 'Draft' && !orderChanged },
  );
  const skus = new Map(
    (order.data?.lineItems ?? []).map((line) => [
      line.position,
      line.variantSku ?? line.productSku ?? null,
    ]),
  );
  const editable = invoice.status === 'Draft' && !orderChanged;
  return (
    <SectionCard
      title="Line Lots"
      description={
        orderChanged
          ? 'Saved, the invoice takes the new order’s lines with their lots.'
          : editable
            ? 'The lot each line ships from: released lots, earliest expiry first.'
            : 'Issued: the lots were checked when the invoice was issued.'
      }
    >
      {orderChanged ? null : (
        <LotsTable
          rows={invoice.lineItems.map((line) => ({
            key: line.id,
            description: line.description,
            qty: line.qty,
            sku: skus.get(line.position) ?? null,
            lot: line.lot,
            value: lots[line.id] ?? null,
          }))}
          editable={editable}
          pharmacyId={pharmacyId}
          onChange={onChange}
        />
      )}
    </SectionCard>
  );
}

/**
 * The same on a new invoice made from an order, before its first save: the order's lines, which
 * the invoice will copy, each with the lot it comes with or one picked here (by the order line's
 * id, `picked`), sent with the create.
 */
export function NewInvoiceLineLots({
  orderId,
  pharmacyId,
  picked,
  onChange,
}: {
  orderId: number;
  pharmacyId: number;
  picked: Readonly<Record<number, number | null>>;
  onChange: (orderLineId: number, lotId: number | null) => void;
}) {
  const order = trpc.orders.get.useQuery({ id: orderId });
  const lines = order.data?.lineItems ?? [];
  if (!lines.length) return null;
  return (
    <SectionCard
      title="Line Lots"
      description="The lot each of the order’s lines ships from: released lots, earliest expiry first."
    >
      <LotsTable
        // A picker per order: another order's lines start from their own lots.
        key={orderId}
        rows={lines.map((line) => ({
          key: line.id,
          description: line.description,
          qty: line.qty,
          sku: line.variantSku ?? line.productSku ?? null,
          lot: line.lot,
          value: line.id in picked ? (picked[line.id] ?? null) : line.lotId,
        }))}
        editable
        pharmacyId={pharmacyId}
        onChange={onChange}
      />
    </SectionCard>
  );
}

function LotsTable({
  rows,
  editable,
  pharmacyId,
  onChange,
}: {
  rows: readonly LotRow[];
  editable: boolean;
  pharmacyId: number;
  onChange: (key: number, lotId: number | null) => void;
}) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="lg" overflow="hidden">
      <Table.ScrollArea>
        <Table.Root size="sm" fontSize="13px" data-testid="invoice-line-lots">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader ps="4">Line</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Qty</Table.ColumnHeader>
              <Table.ColumnHeader pe="4" minW="56">
                Lot
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => (
              <Table.Row key={row.key}>
                <Table.Cell ps="4" whiteSpace="normal">
                  {row.description}
                </Table.Cell>
                <Table.Cell textAlign="end">{row.qty.toLocaleString('en-US')}</Table.Cell>
                <Table.Cell pe="4">
                  {editable ? (
                    // The picker, or the saved lot (or none) when the variant has no lot to offer.
                    <LotPicker
                      sku={row.sku}
                      pharmacyId={pharmacyId}
                      value={row.value}
                      label={`Line ${index + 1} lot`}
                      name={`lineItems.${index}.lotId`}
                      onChange={(lotId) => onChange(row.key, lotId)}
                      empty={<LotText lot={row.lot} />}
                    />
                  ) : (
                    <LotText lot={row.lot} />
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

function LotText({ lot }: { lot: LineLot }) {
  return lot ? (
    <Text>
      {lot.lotNumber} · exp. {formatDate(lot.expiryDate)}
    </Text>
  ) : (
    <Text color="fg.muted">{EMPTY}</Text>
  );
}
