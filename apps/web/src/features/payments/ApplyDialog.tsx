import { useState } from 'react';
import { Button, chakra, Dialog, Input, Table, Text } from '@chakra-ui/react';
import {
  fillOldestFirst,
  formatDate,
  formatUsd,
  fromCents,
  sumCents,
  toCents,
  type ApplyProposalOutput,
} from '@pharm/validators';
import { DialogActions } from '../../components/DialogActions';
import { MoneyText } from '../../components/MoneyText';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { typedCents, useCashRefresh, type CashSource } from './cash';
import { DIALOG_FORM, DIALOG_HEADER, FormDialog } from './FormDialog';

/** Apply one source's rest (a payment's, a credit note's) or, without one, all the account's. */
export interface ApplyTarget {
  pharmacyId: number;
  source?: CashSource;
}

interface Row {
  key: string;
  paymentId: number | null;
  creditNoteId: number | null;
  sourceNumber: string;
  invoiceId: number;
  invoiceNumber: string;
  invoiceDate: string;
  balance: string;
  amount: string;
}

/**
 * The proposal as rows: for one source, every open invoice oldest first, filled from its rest;
 * for the account, the server's proposal (each source oldest first into the invoices oldest first).
 */
function proposedRows(target: ApplyTarget, proposal: ApplyProposalOutput): Row[] {
  const byId = new Map(proposal.invoices.map((invoice) => [invoice.invoiceId, invoice]));
  const { source } = target;
  if (source) {
    const filled = new Map(
      fillOldestFirst(toCents(source.unapplied), proposal.invoices).map((f) => [
        f.item.invoiceId,
        f.cents,
      ]),
    );
    return proposal.invoices.map((invoice) => ({
      key: String(invoice.invoiceId),
      paymentId: source.paymentId ?? null,
      creditNoteId: source.creditNoteId ?? null,
      sourceNumber: source.number,
      invoiceId: invoice.invoiceId,
      invoiceNumber: invoice.invoiceNumber,
      invoiceDate: invoice.invoiceDate,
      balance: invoice.balance,
      amount: filled.has(invoice.invoiceId) ? fromCents(filled.get(invoice.invoiceId)!) : '',
    }));
  }
  return proposal.proposals.map((p) => {
    const invoice = byId.get(p.invoiceId);
    return {
      key: `${p.paymentId ?? ''}/${p.creditNoteId ?? ''}/${p.invoiceId}`,
      paymentId: p.paymentId,
      creditNoteId: p.creditNoteId,
      sourceNumber: p.sourceNumber,
      invoiceId: p.invoiceId,
      invoiceNumber: p.invoiceNumber,
      invoiceDate: invoice?.invoiceDate ?? '',
      balance: invoice?.balance ?? p.amount,
      amount: p.amount,
    };
  });
}

function ApplyForm({
  target,
  proposal,
  onDone,
}: {
  target: ApplyTarget;
  proposal: ApplyProposalOutput;
  onDone: () => void;
}) {
  const [rows, setRows] = useState(() => proposedRows(target, proposal));
  const [problem, setProblem] = useState<string | undefined>();
  const apply = trpc.allocations.confirm.useMutation();
  const refresh = useCashRefresh();
  const available = target.source ? toCents(target.source.unapplied) : toCents(proposal.unapplied);
  const cents = rows.map((row) => typedCents(row.amount));
  const total = sumCents(cents.map((c) => c ?? 0));
  const invalid = rows.findIndex(
    (row, index) => cents[index] === null || cents[index]! > toCents(row.balance),
  );

  const submit = async () => {
    if (invalid >= 0) {
      setProblem(
        `${rows[invalid]!.invoiceNumber}: enter an amount up to its balance, ${formatUsd(rows[invalid]!.balance)}`,
      );
      return;
    }
    if (total === 0) {
      setProblem('Nothing to apply');
      return;
    }
    if (total > available) {
      setProblem(
        `The amounts add up to ${formatUsd(total)}, more than the ${formatUsd(available)} unapplied`,
      );
      return;
    }
    setProblem(undefined);
    try {
      await apply.mutateAsync({
        pharmacyId: target.pharmacyId,
        allocations: rows.flatMap((row, index) =>
          cents[index]
            ? [
                {
                  ...(row.paymentId ? { paymentId: row.paymentId } : {}),
                  ...(row.creditNoteId ? { creditNoteId: row.creditNoteId } : {}),
                  invoiceId: row.invoiceId,
                  amount: fromCents(cents[index]!),
                },
              ]
            : [],
        ),
      });
    } catch (error) {
      setProblem(errorMessage(error));
      notify.error('Error', `Failed to apply: ${errorMessage(error)}`);
      return;
    }
    notify.success(`${formatUsd(total)} applied`);
    onDone();
    await refresh();
  };

  return (
    <chakra.form
      {...DIALOG_FORM}
      data-testid="apply-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Dialog.Header {...DIALOG_HEADER}>
        <Dialog.Title>
          Apply {target.source ? target.source.number : 'unapplied cash and credits'}
        </Dialog.Title>
        <Dialog.Description>
          {formatUsd(available)} unapplied, proposed oldest invoice first: change the amounts, then
          confirm.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        {rows.length === 0 ? (
          <Text color="fg.muted" textStyle="sm" data-testid="apply-nothing">
            {proposal.invoices.length ? 'Nothing unapplied to apply.' : 'No open invoices.'}
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Proposed allocations">
              <Table.Header>
                <Table.Row>
                  {target.source ? null : <Table.ColumnHeader>From</Table.ColumnHeader>}
                  <Table.ColumnHeader>Invoice</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Apply</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row, index) => (
                  <Table.Row key={row.key} data-testid={`apply-row-${row.invoiceNumber}`}>
                    {target.source ? null : (
                      <Table.Cell whiteSpace="nowrap">{row.sourceNumber}</Table.Cell>
                    )}
                    <Table.Cell whiteSpace="nowrap">
                      {row.invoiceNumber}
                      <Text textStyle="xs" color="fg.muted">
                        {row.invoiceDate ? formatDate(row.invoiceDate) : null}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <MoneyText value={row.balance} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Input
                        size="sm"
                        w="28"
                        textAlign="end"
                        inputMode="decimal"
                        aria-label={`Apply to ${row.invoiceNumber}`}
                        aria-invalid={
                          cents[index] === null || cents[index]! > toCents(row.balance)
                            ? true
                            : undefined
                        }
                        value={row.amount}
                        onChange={(event) => {
                          const amount = event.target.value;
                          setRows((all) => all.map((r, i) => (i === index ? { ...r, amount } : r)));
                        }}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <Text mt="3" textStyle="sm" data-testid="apply-total">
          Applying {formatUsd(total)}; {formatUsd(Math.max(0, available - total))} stays unapplied.
        </Text>
        {problem ? (
          <Text mt="2" textStyle="sm" color="fg.error" role="alert">
            {problem}
          </Text>
        ) : null}
      </Dialog.Body>
      <DialogActions disabled={apply.isPending}>
        <Button
          type="submit"
          loading={apply.isPending}
          loadingText="Applying..."
          disabled={rows.length === 0}
        >
          Apply
        </Button>
      </DialogActions>
    </chakra.form>
  );
}

function ApplyBody({ target, onClose }: { target: ApplyTarget; onClose: () => void }) {
  const proposal = trpc.allocations.propose.useQuery(
    { id: target.pharmacyId },
    { refetchOnMount: 'always', gcTime: 0 },
  );
  if (proposal.data && proposal.isFetchedAfterMount) {
    return <ApplyForm target={target} proposal={proposal.data} onDone={onClose} />;
  }
  return (
    <Dialog.Body py="10" textAlign="center" color={proposal.isError ? 'fg.error' : 'fg.muted'}>
      <Dialog.Title srOnly>Apply</Dialog.Title>
      {proposal.isError ? `Failed to load: ${errorMessage(proposal.error)}` : 'Loading...'}
    </Dialog.Body>
  );
}

/**
 * Applies unapplied cash and credits to open invoices: the amounts are proposed oldest first and
 * the user confirms or changes them; one transaction on the server, all or nothing.
 */
export function ApplyDialog({
  target,
  onClose,
}: {
  target: ApplyTarget | null;
  onClose: () => void;
}) {
  return (
    <FormDialog target={target} onClose={onClose} testId="apply-dialog" size="lg">
      {(current) => <ApplyBody target={current} onClose={onClose} />}
    </FormDialog>
  );
}
