import { useState } from 'react';
import { EmailStatementButton } from '../emails/EmailActions';
import { Alert, Box, Button, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuCreditCard, LuDownload, LuFileText, LuScale, LuWallet } from 'react-icons/lu';
import {
  formatDate,
  formatUsd,
  lastFullMonth,
  sumCents,
  todayIso,
  toCents,
} from '@pharm/validators';
import { BackLink } from '../../components/BackLink';
import { MoneyText } from '../../components/MoneyText';
import { PeriodPicker } from '../../components/PeriodPicker';
import { PageHeader } from '../../components/PageHeader';
import { Panel, StatCard } from '../../components/Panel';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { openPdfTab } from '../../lib/open-pdf';
import { trpc } from '../../lib/trpc';
import { TableCard } from '../lists/DataTable';
import { CreditHoldBadge } from '../pharmacies/CreditHoldBadge';
import { AGING } from './aging';
import type { StatementSearch } from './route';

/** What each line type is called; invoices, refunds and late fees are charges, the others credits. */
const LINE_LABELS: Record<string, string> = {
  invoice: 'Invoice',
  payment: 'Payment',
  credit_note: 'Credit note',
  refund: 'Refund',
  dunning_fee: 'Late fee',
  fee_waiver: 'Fee waived',
};
const isCharge = (type: string) =>
  type === 'invoice' || type === 'refund' || type === 'dunning_fee';

const totalOf = (lines: readonly { type: string; amount: string }[], type: string) =>
  sumCents(lines.filter((line) => line.type === type).map((line) => toCents(line.amount)));

/** A pharmacy's statement for a period: balances, the period's lines, aging and its PDF. */
export function StatementPage({ id, search }: { id: number; search: StatementSearch }) {
  const navigate = useNavigate();
  const period =
    search.from && search.to ? { from: search.from, to: search.to } : lastFullMonth(todayIso());
  const statement = trpc.statements.get.useQuery({ id, ...period });
  const pharmacy = trpc.pharmacies.get.useQuery({ id });
  const [opening, setOpening] = useState(false);
  const data = statement.data;

  const openPdf = async () => {
    setOpening(true);
    try {
      const query = new URLSearchParams(period).toString();
      await openPdfTab(`/api/pharmacies/${id}/statement.pdf?${query}`);
    } catch {
      notify.error('Error', 'Failed to download statement');
    } finally {
      setOpening(false);
    }
  };

  return (
    <>
      <PageHeader
        back={<BackLink to="/pharmacies">Back to Pharmacies</BackLink>}
        title={
          <>
            Statement{data ? ` — ${data.pharmacy.name}` : ''}
            <CreditHoldBadge hold={pharmacy.data?.creditHold} ms="3" verticalAlign="middle" />
          </>
        }
        description={`${formatDate(period.from)} to ${formatDate(period.to)}: every invoice, payment, credit note and refund, with the running balance.`}
        actions={
          <>
            {data ? <EmailStatementButton pharmacy={data.pharmacy} period={period} /> : null}
            <Button onClick={openPdf} loading={opening} disabled={!data}>
              <LuDownload /> Download PDF
            </Button>
          </>
        }
      />
      <Stack gap="6">
        <PeriodPicker
          label="Period"
          value={period}
          allTime={false}
          onChange={(next) => void navigate({ to: '.', search: next ?? {}, replace: true })}
          testId="statement-period"
        />
        {statement.isError ? (
          <Alert.Root status="error" rounded="lg">
            <Alert.Indicator />
            <Alert.Title>Failed to load statement: {errorMessage(statement.error)}</Alert.Title>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          <StatCard
            testId="statement-opening"
            label="Opening balance"
            value={data ? formatUsd(data.openingBalance) : ''}
            hint={`Owed before ${formatDate(period.from)}`}
            icon={<LuWallet />}
            loading={statement.isPending}
          />
          <StatCard
            testId="statement-invoiced"
            label="Invoiced"
            value={data ? formatUsd(totalOf(data.lines, 'invoice')) : ''}
            hint="Issued invoices dated in the period"
            icon={<LuFileText />}
            loading={statement.isPending}
          />
          <StatCard
            testId="statement-paid"
            label="Paid and credited"
            value={
              data
                ? formatUsd(totalOf(data.lines, 'payment') + totalOf(data.lines, 'credit_note'))
                : ''
            }
            hint="Payments and credit notes dated in the period"
            icon={<LuCreditCard />}
            loading={statement.isPending}
          />
          <StatCard
            testId="statement-closing"
            label="Closing balance"
            value={data ? formatUsd(data.closingBalance) : ''}
            hint={`Owed on ${formatDate(period.to)}`}
            icon={<LuScale />}
            loading={statement.isPending}
          />
        </SimpleGrid>

        <TableCard>
          <Table.Root size="sm" data-testid="statement-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader>Reference</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Charges</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Credits</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data ? (
                <>
                  <Table.Row bg="bg.muted">
                    <Table.Cell>{formatDate(data.from)}</Table.Cell>
                    <Table.Cell colSpan={4} fontWeight="medium">
                      Opening balance
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="medium">
                      <MoneyText value={data.openingBalance} />
                    </Table.Cell>
                  </Table.Row>
                  {data.lines.map((line) => (
                    <Table.Row
                      key={`${line.type}-${line.id}`}
                      data-testid={`statement-line-${line.number}`}
                    >
                      <Table.Cell whiteSpace="nowrap">{formatDate(line.date)}</Table.Cell>
                      <Table.Cell>{LINE_LABELS[line.type] ?? line.type}</Table.Cell>
                      <Table.Cell fontFamily="mono">{line.number}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {isCharge(line.type) ? <MoneyText value={line.amount} /> : null}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {isCharge(line.type) ? null : <MoneyText value={line.amount} />}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <MoneyText value={line.balance} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                  {data.lines.length === 0 ? (
                    <Table.Row>
                      <Table.Cell colSpan={6} color="fg.muted" textAlign="center" py="6">
                        No invoices, payments, credit notes or refunds in this period.
                      </Table.Cell>
                    </Table.Row>
                  ) : null}
                  <Table.Row bg="bg.muted">
                    <Table.Cell>{formatDate(data.to)}</Table.Cell>
                    <Table.Cell colSpan={4} fontWeight="semibold">
                      Closing balance
                    </Table.Cell>
                    <Table.Cell textAlign="end" fontWeight="semibold">
                      <MoneyText value={data.closingBalance} highlightPositive />
                    </Table.Cell>
                  </Table.Row>
                </>
              ) : (
                <Table.Row>
                  <Table.Cell colSpan={6}>
                    <Skeleton height="24" />
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </TableCard>

        {data && data.allocations.length ? (
          <TableCard>
            <Table.ScrollArea>
              <Table.Root size="sm" aria-label="Allocations" data-testid="statement-allocations">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Date</Table.ColumnHeader>
                    <Table.ColumnHeader>Applied from</Table.ColumnHeader>
                    <Table.ColumnHeader>To invoice</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.allocations.map((allocation) => (
                    <Table.Row
                      key={allocation.id}
                      data-testid={`statement-allocation-${allocation.sourceNumber}-${allocation.invoiceNumber}`}
                      color={allocation.voided ? 'fg.muted' : undefined}
                    >
                      <Table.Cell whiteSpace="nowrap">{formatDate(allocation.date)}</Table.Cell>
                      <Table.Cell fontFamily="mono">{allocation.sourceNumber}</Table.Cell>
                      <Table.Cell fontFamily="mono">
                        {allocation.invoiceNumber}
                        {allocation.voided ? ' (voided)' : ''}
                      </Table.Cell>
                      <Table.Cell
                        textAlign="end"
                        textDecoration={allocation.voided ? 'line-through' : undefined}
                      >
                        <MoneyText value={allocation.amount} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <Text px="4" py="2" textStyle="xs" color="fg.muted">
              Allocations move money from a payment or credit note to an invoice; they do not change
              the balance.
            </Text>
          </TableCard>
        ) : null}

        <Panel title={`Aging on ${formatDate(period.to)}`} titleId="statement-aging-title">
          <SimpleGrid
            columns={{ base: 1, sm: 2, lg: 4 }}
            gap="3"
            p="5"
            data-testid="statement-aging"
          >
            {AGING.map((bucket) => (
              <Box key={bucket.key}>
                <Text textStyle="sm" color="fg.muted">
                  {bucket.label}
                </Text>
                <Text textStyle="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {data ? formatUsd(data.aging[bucket.key]) : '—'}
                </Text>
                <Text textStyle="xs" color="fg.subtle">
                  {bucket.hint}
                </Text>
              </Box>
            ))}
            {data?.fees ? (
              <Box data-testid="statement-fees">
                <Text textStyle="sm" color="fg.muted">
                  Late fees owed
                </Text>
                <Text textStyle="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {formatUsd(data.fees)}
                </Text>
                <Text textStyle="xs" color="fg.subtle">
                  Charged by reminders, not waived on {formatDate(period.to)}
                </Text>
              </Box>
            ) : null}
            {data && toCents(data.unapplied) > 0 && (
              <Box>
                <Text textStyle="sm" color="fg.muted">
                  Unapplied cash and credits
                </Text>
                <Text textStyle="xl" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                  {formatUsd(`-${data.unapplied}`)}
                </Text>
                <Text textStyle="xs" color="fg.subtle">
                  Not applied to an invoice on {formatDate(period.to)}
                </Text>
              </Box>
            )}
          </SimpleGrid>
        </Panel>
      </Stack>
    </>
  );
}
