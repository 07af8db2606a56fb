import { useState } from 'react';
import { Badge, Button, Text } from '@chakra-ui/react';
import { LuUndo2 } from 'react-icons/lu';
import { formatDate, type AllocationOutput, type RefundOutput } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { EMPTY } from '../../lib/text';
import { useCan } from '../auth/can';
import { RecordLink } from '../records/RecordLink';
import { RelatedTable } from '../records/RecordPage';
import { LazyVoidAllocationDialog } from './cashDialogs';
import type { VoidTarget } from './VoidAllocationDialog';

/**
 * A payment's or credit note's allocations, voided ones too (struck through, with their reason);
 * Void on the active ones for a role that may void.
 */
export function AllocationsTable({
  allocations,
  testId,
}: {
  allocations: readonly AllocationOutput[];
  testId: string;
}) {
  const can = useCan();
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const mayVoid = can('allocations.write');
  return (
    <>
      <RelatedTable
        label="Allocations"
        rows={allocations}
        error={null}
        empty="Not applied to any invoice."
        testId={testId}
        columns={[
          {
            label: 'Invoice',
            cell: (a) => (
              <RecordLink kind="invoice" id={a.invoiceId}>
                {a.invoiceNumber}
              </RecordLink>
            ),
          },
          { label: 'Applied', wide: true, cell: (a) => formatDate(a.createdAt) },
          {
            label: 'Amount',
            end: true,
            cell: (a) => (
              <MoneyText
                value={a.amount}
                textDecoration={a.voidedAt ? 'line-through' : undefined}
                color={a.voidedAt ? 'fg.muted' : undefined}
              />
            ),
          },
          {
            label: 'Status',
            cell: (a) =>
              a.voidedAt ? (
                <Text as="span" textStyle="xs" color="fg.muted" whiteSpace="normal">
                  <Badge colorPalette="gray" me="1">
                    Voided
                  </Badge>
                  {a.voidReason}
                </Text>
              ) : (
                <Badge colorPalette="green">Active</Badge>
              ),
          },
          ...(mayVoid
            ? [
                {
                  label: 'Actions',
                  end: true,
                  cell: (a: AllocationOutput) =>
                    a.voidedAt ? null : (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        aria-label={`Void ${a.invoiceNumber}`}
                        onClick={() => setVoiding(a)}
                      >
                        <LuUndo2 /> Void
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <LazyVoidAllocationDialog target={voiding} onClose={() => setVoiding(null)} />
    </>
  );
}

/** The refunds of a payment's or credit note's unapplied rest. */
export function RefundsTable({
  refunds,
  testId,
}: {
  refunds: readonly RefundOutput[];
  testId: string;
}) {
  return (
    <RelatedTable
      label="Refunds"
      rows={refunds}
      error={null}
      empty="No refunds."
      testId={testId}
      columns={[
        { label: 'Date', cell: (r) => formatDate(r.date) },
        { label: 'Method', cell: (r) => r.method },
        { label: 'Reference', wide: true, cell: (r) => r.reference || EMPTY },
        { label: 'Amount', end: true, cell: (r) => <MoneyText value={r.amount} /> },
      ]}
    />
  );
}
