import { memo, useState } from 'react';
import { Box, Button, Flex, Table, Text } from '@chakra-ui/react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { LuBuilding2, LuEye, LuPencil, LuPlus, LuSearchX } from 'react-icons/lu';
import { ActionButton, DeleteActionButton } from '../../components/ActionButton';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePendingDelete } from '../../components/usePendingDelete';
import {
  EmptyRow,
  ErrorRow,
  ListTable,
  LoadMoreButton,
  RowActionsCell,
  SkeletonRows,
  useDeferredRows,
} from '../../components/DataTable';
import { FilterInput } from '../../components/FilterInput';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { Tooltip } from '../../components/ui/tooltip';
import { isRefiltering, useDebouncedFilter } from '../../components/useDebouncedFilter';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { EMPTY, truncate } from '../../lib/text';
import { trpc, type Pharmacy } from '../../lib/trpc';
import { ADDRESS_PREVIEW_LENGTH, termsLabel } from './format';
import { PharmacyDetailsDialog } from './PharmacyDetailsDialog';

const routeApi = getRouteApi('/_app/pharmacies/');

export const PHARMACIES_PAGE_SIZE = 50;
const COLUMNS = 8;

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

export function PharmaciesPage() {
  const utils = trpc.useUtils();
  const { q, text, setText } = useDebouncedFilter(routeApi);
  const [viewing, setViewing] = useState<Pharmacy | null>(null);
  const pendingDelete = usePendingDelete<Pharmacy>();

  const list = trpc.pharmacies.list.useInfiniteQuery(
    { q, limit: PHARMACIES_PAGE_SIZE },
    {
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: (previous) => previous,
    },
  );
  const { rows, loading } = useDeferredRows(list);

  const remove = trpc.pharmacies.delete.useMutation({
    onSuccess: async () => {
      pendingDelete.close();
      notify.success('Pharmacy deleted successfully');
      await utils.pharmacies.invalidate();
    },
    onError: (error) => {
      pendingDelete.close();
      notify.error('Error', `Failed to delete pharmacy: ${errorMessage(error)}`);
    },
  });

  return (
    <>
      <PageHeader
        title="Pharmacies"
        description="Your pharmacy customers, their terms and what they owe."
        actions={
          <Button asChild>
            <Link to="/pharmacies/new">
              <LuPlus /> New Pharmacy
            </Link>
          </Button>
        }
      />

      <Flex mb="4" gap="3" align="center" justify="space-between" wrap="wrap">
        <FilterInput
          label="Filter pharmacies"
          placeholder="Filter by name, contact or email..."
          text={text}
          onTextChange={setText}
          filtering={isRefiltering(list)}
          maxW={{ base: 'full', sm: 'sm' }}
        />
        {!loading && rows.length > 0 ? (
          <Text textStyle="sm" color="fg.muted" data-testid="pharmacy-count">
            {list.hasNextPage
              ? `Showing first ${rows.length}`
              : `${rows.length} ${rows.length === 1 ? 'pharmacy' : 'pharmacies'}`}
          </Text>
        ) : null}
      </Flex>

      <ListTable
        dimmed={list.isPlaceholderData}
        interactive={rows.length > 0}
        data-testid="pharmacies-table"
      >
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader py="3">Name</Table.ColumnHeader>
            <Table.ColumnHeader>Contact</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Phone</Table.ColumnHeader>
            <Table.ColumnHeader>Shipping Address</Table.ColumnHeader>
            <Table.ColumnHeader>Terms</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">
              <Box as="span" srOnly>
                Actions
              </Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loading ? (
            <SkeletonRows rows={5} columns={COLUMNS} />
          ) : list.isError ? (
            <ErrorRow
              columns={COLUMNS}
              message={`Failed to load pharmacies: ${errorMessage(list.error)}`}
            />
          ) : rows.length === 0 ? (
            q ? (
              <EmptyRow columns={COLUMNS} icon={<LuSearchX />}>
                No pharmacies match &quot;{q}&quot;.
              </EmptyRow>
            ) : (
              <EmptyRow columns={COLUMNS} icon={<LuBuilding2 />}>
                No pharmacies yet — click New Pharmacy to get started.
              </EmptyRow>
            )
          ) : (
            rows.map((pharmacy) => (
              <PharmacyRow
                key={pharmacy.id}
                pharmacy={pharmacy}
                onView={setViewing}
                onDelete={pendingDelete.ask}
              />
            ))
          )}
        </Table.Body>
      </ListTable>

      {list.hasNextPage ? (
        <Flex justify="center" mt="5">
          <LoadMoreButton list={list} />
        </Flex>
      ) : null}

      <PharmacyDetailsDialog pharmacy={viewing} onClose={() => setViewing(null)} />

      <ConfirmDialog
        open={pendingDelete.open}
        onOpenChange={pendingDelete.setOpen}
        title="Delete pharmacy"
        message={
          pendingDelete.target
            ? `Are you sure you want to delete ${pendingDelete.target.name}? This will also delete all associated orders, invoices and payments. This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => {
          if (pendingDelete.target) remove.mutate({ id: pendingDelete.target.id });
        }}
      />
    </>
  );
}

/** A row of the list; memoised (see useDeferredRows). */
const PharmacyRow = memo(function PharmacyRow({
  pharmacy,
  onView,
  onDelete,
}: {
  pharmacy: Pharmacy;
  onView: (pharmacy: Pharmacy) => void;
  onDelete: (pharmacy: Pharmacy) => void;
}) {
  return (
    <Table.Row data-testid={`pharmacy-row-${pharmacy.id}`}>
      <Table.Cell fontWeight="medium" color="fg" py="3" minW="32" whiteSpace="normal">
        {pharmacy.name}
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
        <ActionButton label="View" onClick={() => onView(pharmacy)}>
          <LuEye />
        </ActionButton>
        <ActionButton label="Edit" asChild>
          <Link to="/pharmacies/$id/edit" params={{ id: pharmacy.id }}>
            <LuPencil />
          </Link>
        </ActionButton>
        <DeleteActionButton onClick={() => onDelete(pharmacy)} />
      </RowActionsCell>
    </Table.Row>
  );
});
