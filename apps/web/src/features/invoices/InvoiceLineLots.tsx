import { Box, Table, Text } from '@chakra-ui/react';
import { formatDate } from '@pharm/validators';
import { SectionCard } from '../../components/SectionCard';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { LotPicker } from '../lots/LotPicker';
import type { InvoiceDetails } from './format';

type Line = InvoiceDetails['lineItems'][number];

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
                {invoice.lineItems.map((line, index) => (
                  <Table.Row key={line.id}>
                    <Table.Cell ps="4" whiteSpace="normal">
                      {line.description}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{line.qty.toLocaleString('en-US')}</Table.Cell>
                    <Table.Cell pe="4">
                      {editable ? (
                        <LineLot
                          line={line}
                          index={index}
                          sku={skus.get(line.position) ?? null}
                          pharmacyId={pharmacyId}
                          value={lots[line.id] ?? null}
                          onChange={(lotId) => onChange(line.id, lotId)}
                        />
                      ) : (
                        <LotText line={line} />
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      )}
    </SectionCard>
  );
}

function LotText({ line }: { line: Line }) {
  return line.lot ? (
    <Text>
      {line.lot.lotNumber} · exp. {formatDate(line.lot.expiryDate)}
    </Text>
  ) : (
    <Text color="fg.muted">{EMPTY}</Text>
  );
}

/** The picker, or the saved lot (or none) when the line's variant has no lot to offer. */
function LineLot({
  line,
  index,
  sku,
  pharmacyId,
  value,
  onChange,
}: {
  line: Line;
  index: number;
  sku: string | null;
  pharmacyId: number;
  value: number | null;
  onChange: (lotId: number | null) => void;
}) {
  return (
    <LotPicker
      sku={sku}
      pharmacyId={pharmacyId}
      value={value}
      label={`Line ${index + 1} lot`}
      name={`lineItems.${index}.lotId`}
      onChange={onChange}
      empty={<LotText line={line} />}
    />
  );
}
