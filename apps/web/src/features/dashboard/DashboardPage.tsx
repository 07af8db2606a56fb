import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import {
  LuBuilding2,
  LuCreditCard,
  LuShieldAlert,
  LuDollarSign,
  LuFileBadge,
  LuFileText,
  LuMegaphone,
  LuPackagePlus,
  LuShoppingCart,
} from 'react-icons/lu';
import {
  formatDate,
  formatUsd,
  displayInvoiceStatus,
  INVOICE_STATUS_PALETTE,
  ORDER_STATUS_PALETTE,
  todayIso,
} from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { Panel, StatCard } from '../../components/Panel';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { RecordLink } from '../records/RecordLink';
import { useCan } from '../auth/can';
import { RecentList, RecentRow } from './RecentList';

/** Each with the permission it needs: a role sees only the ones it may take. */
const QUICK_ACTIONS = [
  {
    to: '/pharmacies/new',
    label: 'Add New Pharmacy',
    icon: LuBuilding2,
    permission: 'pharmacies.write',
  },
  { to: '/orders/new', label: 'New Order', icon: LuShoppingCart, permission: 'orders.write' },
  { to: '/payments', label: 'Record Payment', icon: LuCreditCard, permission: 'payments.write' },
  { to: '/products/new', label: 'New Product', icon: LuPackagePlus, permission: 'products.write' },
] as const;

function ViewAll({ to, label }: { to: '/orders' | '/invoices'; label: string }) {
  return (
    <Button asChild variant="ghost" size="sm" me="-2" color="brand.fg">
      <Link to={to} aria-label={label}>
        View all
      </Link>
    </Button>
  );
}

export function DashboardPage() {
  const summary = trpc.dashboard.summary.useQuery();
  const licences = trpc.licences.issues.useQuery();
  const recalls = trpc.recalls.open.useQuery();
  const recent = trpc.dashboard.recent.useQuery();
  const today = todayIso();
  const can = useCan();
  const quickActions = QUICK_ACTIONS.filter((action) => can(action.permission));
  const recentError = recent.isError ? errorMessage(recent.error) : null;

  return (
    <>
      <PageHeader title="Dashboard" description="Overview of your supply chain operations" />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2, xl: 5 }} gap="4">
          <StatCard
            testId="stat-open-orders"
            label="Open Orders"
            value={summary.data?.openOrders?.toLocaleString('en-US') ?? EMPTY}
            hint="Draft and sent orders"
            icon={<LuShoppingCart />}
            loading={summary.isPending}
          />
          <StatCard
            testId="stat-unpaid-invoices"
            label="Unpaid Invoices"
            value={summary.data?.unpaidInvoices?.toLocaleString('en-US') ?? EMPTY}
            hint="Issued invoices with a balance"
            icon={<LuFileText />}
            loading={summary.isPending}
          />
          <StatCard
            testId="stat-total-outstanding"
            label="Total Outstanding"
            value={
              summary.data?.totalOutstanding ? formatUsd(summary.data.totalOutstanding) : EMPTY
            }
            hint={summary.data?.totalOutstandingNote ?? 'Owed on unpaid invoices'}
            icon={<LuDollarSign />}
            loading={summary.isPending}
          />
          {/* Named by what the card shows ('On credit hold 3 Pharmacies past due …'). */}
          <Link to="/pharmacies" search={{ tab: 'hold' }} style={{ borderRadius: '0.75rem' }}>
            <StatCard
              testId="stat-credit-hold"
              label="On credit hold"
              value={summary.data?.onCreditHold?.toLocaleString('en-US') ?? EMPTY}
              hint="Pharmacies past due or over their limit"
              icon={<LuShieldAlert />}
              loading={summary.isPending}
            />
          </Link>
          <Link to="/pharmacies" search={{ tab: 'licences' }} style={{ borderRadius: '0.75rem' }}>
            <StatCard
              testId="stat-licence-issues"
              label="Licence issues"
              value={
                licences.data
                  ? (licences.data.counts.expired + licences.data.counts.missing).toLocaleString(
                      'en-US',
                    )
                  : EMPTY
              }
              hint={
                licences.data
                  ? `${licences.data.counts.expired} expired · ${licences.data.counts.expiring} expiring · ${licences.data.counts.missing} missing · ${licences.data.counts.no_expiry} no expiry date`
                  : 'Expired, expiring or missing licences'
              }
              icon={<LuFileBadge />}
              loading={licences.isPending}
            />
          </Link>
          {/* Only while a recall is open: then it is the most urgent thing on the page. */}
          {recalls.data && recalls.data.open > 0 ? (
            <Link to="/recalls" search={{ status: 'open' }} style={{ borderRadius: '0.75rem' }}>
              <StatCard
                testId="stat-open-recalls"
                label="Open recalls"
                value={recalls.data.open.toLocaleString('en-US')}
                hint={`${recalls.data.acknowledged} of ${recalls.data.pharmacies} pharmacies acknowledged`}
                icon={<LuMegaphone />}
                loading={false}
              />
            </Link>
          ) : null}
        </SimpleGrid>

        {quickActions.length > 0 ? (
          <Panel title="Quick Actions" titleId="quick-actions-title">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" p="5">
              {quickActions.map(({ to, label, icon: Icon }) => (
                <Button
                  key={to}
                  asChild
                  variant="outline"
                  colorPalette="gray"
                  justifyContent="start"
                >
                  <Link to={to}>
                    <Icon />
                    {label}
                  </Link>
                </Button>
              ))}
            </SimpleGrid>
          </Panel>
        ) : null}

        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
          <Panel
            title="Recent Orders"
            titleId="recent-orders-title"
            data-testid="recent-orders"
            aside={<ViewAll to="/orders" label="View all orders" />}
          >
            <RecentList
              label="Recent orders"
              rows={recent.data?.orders}
              loading={recent.isPending}
              error={recentError}
              empty="No orders yet — click New Order to get started."
              render={(order) => (
                <RecentRow
                  key={order.id}
                  first={order === recent.data?.orders[0]}
                  testId={`recent-order-${order.id}`}
                  number={
                    <RecordLink kind="order" id={order.id} fontWeight="medium">
                      {order.orderNumber}
                    </RecordLink>
                  }
                  badge={<StatusBadge status={order.status} colors={ORDER_STATUS_PALETTE} />}
                  pharmacy={order.pharmacy.name}
                  amount={<MoneyText value={order.total} />}
                  date={formatDate(order.orderDate)}
                />
              )}
            />
          </Panel>
          <Panel
            title="Recent Invoices"
            titleId="recent-invoices-title"
            data-testid="recent-invoices"
            aside={<ViewAll to="/invoices" label="View all invoices" />}
          >
            <RecentList
              label="Recent invoices"
              rows={recent.data?.invoices}
              loading={recent.isPending}
              error={recentError}
              empty="No invoices yet — create an order first."
              render={(invoice) => (
                <RecentRow
                  key={invoice.id}
                  first={invoice === recent.data?.invoices[0]}
                  testId={`recent-invoice-${invoice.id}`}
                  number={
                    <RecordLink kind="invoice" id={invoice.id} fontWeight="medium">
                      {invoice.invoiceNumber}
                    </RecordLink>
                  }
                  badge={
                    <StatusBadge
                      status={displayInvoiceStatus(invoice, today)}
                      colors={INVOICE_STATUS_PALETTE}
                    />
                  }
                  pharmacy={invoice.pharmacy.name}
                  amount={<MoneyText value={invoice.balance} />}
                  date={`Due ${formatDate(invoice.dueDate)}`}
                />
              )}
            />
          </Panel>
        </SimpleGrid>
      </Stack>
    </>
  );
}
