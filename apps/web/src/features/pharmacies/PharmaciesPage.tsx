import { memo } from 'react';
import { Table, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LuBuilding2, LuEye, LuScrollText } from 'react-icons/lu';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { MoneyText } from '../../components/MoneyText';
import { Tooltip } from '../../components/ui/tooltip';
import { EMPTY, truncate } from '../../lib/text';
import { trpc, type Pharmacy } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import { EditAction } from '../lists/RowCells';
import type { ListColumn } from '../lists/ListPage';
import { ListScreen, type RowHandlers } from '../lists/ListScreen';
import { ADDRESS_PREVIEW_LENGTH, termsLabel } from './format';
import { CreditHoldBadge } from './CreditHoldBadge';
import { pharmaciesList, PHARMACY_LIST_TABS } from './list';
import { PharmacyDetailsDialog } from './PharmacyDetailsDialog';

const routeApi = getRouteApi('/_app/pharmacies/');

function AddressCell({ address }: { address: string | null }) {
  if (!address) return <>{EMPTY}</>;
  const short = truncate(address, ADDRESS_PREVIEW_LENGTH);
  if (short === address) return <>{address}</>;
  return (
    <Tooltip content={address} contentProps={{ maxW: 'xs', whiteSpace: 'pre-line' }}>
      <Text as="span" title={address} cursor="help">
        {short}
      </Text>
    </Tooltip>
  );
}

const COLUMNS: ListColumn[] = [
  { label: 'Name' },
  { label: 'Contact' },
  { label: 'Email' },
  { label: 'Phone' },
  { label: 'Shipping Address' },
  { label: 'Terms' },
  { label: 'Balance', end: true },
  { label: 'Actions', end: true, hidden: true },
];

export function PharmaciesPage() {
  const params = routeApi.useSearch();
  return (
    <ListScreen
      title="Pharmacies"
      description="Your pharmacy customers, their terms and what they owe."
      exportPath="/api/pharmacies.csv"
      newRecord={{ label: 'New Pharmacy', to: '/pharmacies/new' }}
      search={params}
      list={pharmaciesList(params)}
      tabs={{ list: PHARMACY_LIST_TABS, testId: 'pharmacy-tabs' }}
      placeholder="Filter by name, contact or email..."
      filterMaxW={{ base: 'full', sm: 'sm' }}
      names={{ one: 'pharmacy', many: 'pharmacies' }}
      count={{ testId: 'pharmacy-count' }}
      columns={COLUMNS}
      empty={{
        icon: <LuBuilding2 />,
        text: params.tab
          ? 'No pharmacies are on credit hold.'
          : 'No pharmacies yet — click New Pharmacy to get started.',
      }}
      row={(pharmacy, on) => <PharmacyRow key={pharmacy.id} pharmacy={pharmacy} on={on} />}
      details={(pharmacy, close) => <PharmacyDetailsDialog pharmacy={pharmacy} onClose={close} />}
      deletion={{
        message: (pharmacy) =>
          `Are you sure you want to delete ${pharmacy.name}? This will also delete all associated orders, invoices and payments. This action cannot be undone.`,
        procedure: trpc.pharmacies.delete,
        refresh: ['pharmacies'],
      }}
    />
  );
}

/** A row of the list; memoised (see useDeferredRows). */
const PharmacyRow = memo(function PharmacyRow({
  pharmacy,
  on,
}: {
  pharmacy: Pharmacy;
  on: RowHandlers<Pharmacy>;
}) {
  return (
    <Table.Row data-testid={`pharmacy-row-${pharmacy.id}`}>
      <Table.Cell fontWeight="medium" color="fg" py="3" minW="32" whiteSpace="normal">
        {pharmacy.name}
        <CreditHoldBadge hold={pharmacy.creditHold} ms="2" size="sm" />
      </Table.Cell>
      <Table.Cell color="fg.muted" minW="28" whiteSpace="normal">
        {pharmacy.contactName || EMPTY}
      </Table.Cell>
      <Table.Cell color="fg.muted" maxW="170px">
        <Text as="span" display="block" truncate title={pharmacy.email}>
          {pharmacy.email || EMPTY}
        </Text>
      </Table.Cell>
      <Table.Cell color="fg.muted" whiteSpace="nowrap">
        {pharmacy.phone || EMPTY}
      </Table.Cell>
      <Table.Cell color="fg.muted" minW="44" whiteSpace="normal" lineHeight="short">
        <AddressCell address={pharmacy.shippingAddress} />
      </Table.Cell>
      <Table.Cell color="fg.muted" minW="20" whiteSpace="normal">
        {termsLabel(pharmacy.terms)}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <MoneyText value={pharmacy.balance} highlightPositive />
      </Table.Cell>
      <RowActionsCell>
        <ActionButton label="View" onClick={() => on.view(pharmacy)}>
          <LuEye />
        </ActionButton>
        <ActionButton label="Statement" asChild>
          <Link to="/pharmacies/$id/statement" params={{ id: pharmacy.id }}>
            <LuScrollText />
          </Link>
        </ActionButton>
        <EditAction to="/pharmacies/$id/edit" id={pharmacy.id} />
        <DeleteActionButton onClick={() => on.remove(pharmacy)} />
      </RowActionsCell>
    </Table.Row>
  );
});
