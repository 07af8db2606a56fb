import { lazy, Suspense, type ReactNode } from 'react';
import { Badge, Box, Button, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { LuBuilding2, LuDollarSign, LuDownload, LuFileText, LuTrendingUp } from 'react-icons/lu';
import {
  divideRounded,
  formatDate,
  formatUsd,
  fromCents,
  displayInvoiceStatus,
  INVOICE_STATUS_PALETTE,
  reportFilename,
  todayIso,
  toCents,
  type ReportsQuery,
} from '@pharm/validators';
import { EmptyRow, ErrorRow, SkeletonRows, TableCard } from '../lists/DataTable';
import { MoneyText } from '../../components/MoneyText';
import { PeriodPicker } from '../../components/PeriodPicker';
import { PageHeader } from '../../components/PageHeader';
import { Panel, StatCard } from '../../components/Panel';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import type { Period } from '../../lib/period';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { downloadCsv, toCsv } from './csv';
import { reportsQueryOf } from './period';
import type { ReportsSearch } from './route';

type Reports = RouterOutputs['reports']['get'];

// Recharts is the largest part of this page: the figures and tables show while it loads.
const charts = () => import('./ReportCharts');
const AgingChart = lazy(() => charts().then((m) => ({ default: m.AgingChart })));
const SalesChart = lazy(() => charts().then((m) => ({ default: m.SalesChart })));

const AGING_BUCKETS = [
  { key: 'current', label: 'Current (0-30 days)', color: 'var(--chakra-colors-green-500)' },
  { key: 'days31to60', label: '31-60 days', color: 'var(--chakra-colors-yellow-500)' },
  { key: 'days61to90', label: '61-90 days', color: 'var(--chakra-colors-orange-500)' },
  { key: 'over90', label: 'Over 90 days', color: 'var(--chakra-colors-red-500)' },
] as const;

/** Share of the whole, as a percent with one decimal, in integer arithmetic. */
function share(partCents: number, wholeCents: number): string {
  if (wholeCents <= 0) return '0.0%';
  const tenths = divideRounded(partCents * 1000, wholeCents);
  return `${(tenths - (tenths % 10)) / 10}.${tenths % 10}%`;
}

function daysPastDueLabel(days: number): string {
  if (days <= 0) return 'Current';
  return days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`;
}

function CsvButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="gray"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      <LuDownload /> CSV
    </Button>
  );
}

function ChartFallback({ height }: { height: number }) {
  return <Skeleton height={`${height}px`} rounded="lg" />;
}

function ReportTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <TableCard shadow="none">
      <Table.Root size="sm" fontSize="13px">
        <Table.Caption srOnly>{caption}</Table.Caption>
        {children}
      </Table.Root>
    </TableCard>
  );
}

/** What each report panel is given: the figures, and the query and day they are for. */
const UNAPPLIED_LABEL = 'Unapplied cash and credits';

interface ReportProps {
  data?: Reports;
  loading: boolean;
  error: string | null;
  query: ReportsQuery;
  today: string;
}

function AgingReport({ data, loading, error, query, today }: ReportProps) {
  const rows = AGING_BUCKETS.map((bucket) => ({
    ...bucket,
    count: data?.agingCounts[bucket.key] ?? 0,
    amount: data?.aging[bucket.key] ?? '0.00',
  }));
  // Shares are of what the open invoices owe; the unapplied cash is taken off below them.
  const totalCents = data ? toCents(data.openInvoiceBalance) : 0;
  const unappliedCents = data ? toCents(data.unappliedCash) : 0;
  const exportCsv = () =>
    downloadCsv(
      reportFilename('ar-aging', query, today),
      toCsv(
        ['Bucket', 'Invoices', 'Amount (USD)', 'Share'],
        [
          ...rows.map((row) => [
            row.label,
            row.count,
            row.amount,
            share(toCents(row.amount), totalCents),
          ]),
          [UNAPPLIED_LABEL, '', fromCents(-unappliedCents), ''],
          [
            'Total outstanding',
            data?.outstandingInvoiceCount ?? 0,
            data?.totalOutstanding ?? '0.00',
            '',
          ],
        ],
      ),
    );
  return (
    <Panel
      title="A/R Aging Report"
      titleId="aging-title"
      data-testid="aging-report"
      aside={<CsvButton label="Export A/R aging as CSV" onClick={exportCsv} disabled={!data} />}
    >
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" p="5" alignItems="center">
        <ReportTable caption="A/R aging by days past due">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Days past due</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Invoices</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Share</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading ? (
              <SkeletonRows rows={4} columns={4} />
            ) : error ? (
              <ErrorRow columns={4} message={error} />
            ) : (
              <>
                {rows.map((row) => (
                  <Table.Row key={row.key} data-testid={`aging-${row.key}`}>
                    <Table.Cell>
                      <Box
                        as="span"
                        display="inline-block"
                        boxSize="2.5"
                        rounded="full"
                        bg={row.color}
                        me="2"
                      />
                      {row.label}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{row.count.toLocaleString('en-US')}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <MoneyText value={row.amount} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {share(toCents(row.amount), totalCents)}
                    </Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row data-testid="aging-unapplied">
                  <Table.Cell>{UNAPPLIED_LABEL}</Table.Cell>
                  <Table.Cell />
                  <Table.Cell textAlign="end">
                    <MoneyText value={fromCents(-unappliedCents)} />
                  </Table.Cell>
                  <Table.Cell />
                </Table.Row>
                <Table.Row fontWeight="semibold" data-testid="aging-total">
                  <Table.Cell>Total</Table.Cell>
                  <Table.Cell textAlign="end">
                    {(data?.outstandingInvoiceCount ?? 0).toLocaleString('en-US')}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <MoneyText value={data?.totalOutstanding ?? '0.00'} />
                  </Table.Cell>
                  <Table.Cell />
                </Table.Row>
              </>
            )}
          </Table.Body>
        </ReportTable>
        {loading ? (
          <ChartFallback height={260} />
        ) : data ? (
          <Suspense fallback={<ChartFallback height={260} />}>
            <AgingChart
              bars={rows.map((row) => ({
                label: row.label.replace(/ \(.*\)$/, ''),
                cents: toCents(row.amount),
                color: row.color,
              }))}
            />
          </Suspense>
        ) : null}
      </SimpleGrid>
    </Panel>
  );
}

function SalesReport({ data, loading, error, query, today }: ReportProps) {
  const rows = data?.salesByPharmacy ?? [];
  const exportCsv = () =>
    downloadCsv(
      reportFilename('sales-by-pharmacy', { from: query.from, to: query.to }, today),
      toCsv(
        ['Rank', 'Pharmacy', 'Total Sales (USD)'],
        rows.map((row, index) => [index + 1, row.name, row.totalSales]),
      ),
    );
  return (
    <Panel
      title="Sales by Pharmacy (Top 10)"
      titleId="sales-title"
      data-testid="sales-report"
      aside={
        <CsvButton
          label="Export sales by pharmacy as CSV"
          onClick={exportCsv}
          disabled={!rows.length}
        />
      }
    >
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" p="5" alignItems="start">
        <ReportTable caption="Top 10 pharmacies by total sales">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="12">#</Table.ColumnHeader>
              <Table.ColumnHeader>Pharmacy</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total Sales</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading ? (
              <SkeletonRows rows={5} columns={3} />
            ) : error ? (
              <ErrorRow columns={3} message={error} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={3}>No sales yet — sales count once an invoice is issued.</EmptyRow>
            ) : (
              rows.map((row, index) => (
                <Table.Row key={row.pharmacyId} data-testid={`sales-row-${row.pharmacyId}`}>
                  <Table.Cell color="fg.muted">{index + 1}</Table.Cell>
                  <Table.Cell>{row.name}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <MoneyText value={row.totalSales} />
                  </Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </ReportTable>
        {loading ? (
          <ChartFallback height={200} />
        ) : rows.length ? (
          <Suspense fallback={<ChartFallback height={200} />}>
            <SalesChart
              bars={rows.map((row) => ({ name: row.name, cents: toCents(row.totalSales) }))}
            />
          </Suspense>
        ) : null}
      </SimpleGrid>
    </Panel>
  );
}

function OutstandingReport({ data, loading, error, query, today }: ReportProps) {
  const rows = data?.outstandingInvoices ?? [];
  const asOf = query.asOf ?? today;
  const params = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  const more = data && data.outstandingInvoiceCount > rows.length;
  return (
    <Panel
      title="Outstanding Invoices Detail"
      titleId="outstanding-title"
      data-testid="outstanding-report"
      aside={
        // The server's export: every open invoice, not only the most past due shown here.
        <Button
          size="sm"
          variant="outline"
          colorPalette="gray"
          asChild
          aria-label="Export outstanding invoices as CSV"
        >
          <a href={`/api/reports/outstanding.csv${params ? `?${params}` : ''}`} download>
            <LuDownload /> CSV
          </a>
        </Button>
      }
    >
      <Box p="5">
        {more ? (
          <Text textStyle="sm" color="fg.muted" mb="3" data-testid="outstanding-note">
            The {rows.length} most past due of{' '}
            {data.outstandingInvoiceCount.toLocaleString('en-US')} open invoices.
          </Text>
        ) : null}
        <ReportTable caption="Open invoices, most days past due first">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Invoice #</Table.ColumnHeader>
              <Table.ColumnHeader>Pharmacy</Table.ColumnHeader>
              <Table.ColumnHeader>Due Date</Table.ColumnHeader>
              <Table.ColumnHeader>Days Past Due</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {loading ? (
              <SkeletonRows rows={5} columns={6} />
            ) : error ? (
              <ErrorRow columns={6} message={error} />
            ) : rows.length === 0 ? (
              <EmptyRow columns={6}>Nothing outstanding — every issued invoice is paid.</EmptyRow>
            ) : (
              rows.map((row) => (
                <Table.Row key={row.id} data-testid={`outstanding-row-${row.id}`}>
                  <Table.Cell fontWeight="medium">
                    <Text
                      asChild
                      color="brand.fg"
                      textDecoration="underline"
                      textUnderlineOffset="2px"
                    >
                      <Link to="/invoices" search={{ q: row.invoiceNumber }}>
                        {row.invoiceNumber}
                      </Link>
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{row.pharmacy.name}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(row.dueDate)}</Table.Cell>
                  <Table.Cell>
                    {row.daysPastDue > 0 ? (
                      daysPastDueLabel(row.daysPastDue)
                    ) : (
                      <Badge colorPalette="green" variant="subtle" rounded="full">
                        Current
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <MoneyText value={row.balance} />
                  </Table.Cell>
                  <Table.Cell>
                    <StatusBadge
                      status={displayInvoiceStatus(row, asOf)}
                      colors={INVOICE_STATUS_PALETTE}
                    />
                  </Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </ReportTable>
      </Box>
    </Panel>
  );
}

/** 'Oct 1 – Oct 31, 2026' (the year once when both dates share it). */
function periodLabel({ from, to }: Period): string {
  const start = formatDate(from);
  return from.slice(0, 4) === to.slice(0, 4)
    ? `${start.replace(/, \d{4}$/, '')} – ${formatDate(to)}`
    : `${start} – ${formatDate(to)}`;
}

export function ReportsPage({ search }: { search: ReportsSearch }) {
  const navigate = useNavigate();
  const today = todayIso();
  const query = reportsQueryOf(search, today);
  const period = query.from && query.to ? { from: query.from, to: query.to } : null;
  const asOf = formatDate(query.asOf ?? today);
  const reports = trpc.reports.get.useQuery(query);
  const data = reports.data;
  const loading = reports.isPending;
  const error = reports.isError ? errorMessage(reports.error) : null;
  const count = (value: number | undefined) => value?.toLocaleString('en-US') ?? EMPTY;
  const panel = { data, loading, error, query, today };

  return (
    <>
      <PageHeader title="Reports" description="Receivables, sales and what is still owed" />
      <Stack gap="6">
        <Stack gap="2">
          <PeriodPicker
            label="Period"
            value={period}
            onChange={(next) => void navigate({ to: '.', search: next ?? {}, replace: true })}
            testId="report-period"
          />
          <Text textStyle="sm" color="fg.muted" data-testid="report-period-summary">
            Sales {period ? periodLabel(period) : 'of all time'} · owed as of {asOf}
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
          <StatCard
            testId="metric-total-outstanding"
            label="Total Outstanding"
            value={data ? formatUsd(data.totalOutstanding) : EMPTY}
            hint={`Open invoice balances less unapplied cash and credits${query.asOf ? ` on ${asOf}` : ''}`}
            icon={<LuDollarSign />}
            loading={loading}
          />
          <StatCard
            testId="metric-total-sales"
            label="Total Sales"
            value={data ? formatUsd(data.totalSales) : EMPTY}
            hint={period ? `Issued invoices, ${periodLabel(period)}` : 'Issued invoices, all time'}
            icon={<LuTrendingUp />}
            loading={loading}
          />
          <StatCard
            testId="metric-total-invoices"
            label="Total Invoices"
            value={count(data?.totalInvoices)}
            hint={period ? 'Dated in the period, drafts included' : 'Drafts included'}
            icon={<LuFileText />}
            loading={loading}
          />
          <StatCard
            testId="metric-active-pharmacies"
            label="Active Pharmacies"
            value={count(data?.activePharmacies)}
            hint={period ? 'With sales in the period' : 'With sales above $0'}
            icon={<LuBuilding2 />}
            loading={loading}
          />
        </SimpleGrid>
        <AgingReport {...panel} />
        <SalesReport {...panel} />
        <OutstandingReport {...panel} />
      </Stack>
    </>
  );
}
