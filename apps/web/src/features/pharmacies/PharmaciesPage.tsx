import { lazy } from 'react';
import { Text } from '@chakra-ui/react';
import { LuScrollText } from 'react-icons/lu';
import { MoneyText } from '../../components/MoneyText';
import { EMPTY } from '../../lib/text';
import type { Pharmacy } from '../../lib/trpc';
import * as col from '../lists/columns';
import type { Column } from '../lists/ListRow';
import { listPage } from '../lists/ListScreen';
import { AddressPreview } from './AddressPreview';
import { termsLabel } from './format';
import { CreditHoldBadge } from './CreditHoldBadge';
import { pharmaciesList } from './list';

const PharmacyDetailsDialog = lazy(() =>
  import('./PharmacyDetailsDialog').then((m) => ({ default: m.PharmacyDetailsDialog })),
);

const wrap = { whiteSpace: 'normal' } as const;

const COLUMNS: Column<Pharmacy>[] = [
  {
    label: 'Name',
    phone: true,
    cellProps: { fontWeight: 'medium', color: 'fg', minW: '32', ...wrap },
    cell: (pharmacy, row) => (
      <>
        <col.RowOpener onClick={row.view}>{pharmacy.name}</col.RowOpener>
        <CreditHoldBadge hold={pharmacy.creditHold} ms="2" size="sm" />
      </>
    ),
  },
  col.mutedColumn('Contact', (pharmacy) => pharmacy.contactName, { minW: '28', ...wrap }),
  {
    label: 'Email',
    cellProps: { color: 'fg.muted', maxW: '170px' },
    cell: (pharmacy) => (
      <Text as="span" display="block" truncate title={pharmacy.email}>
        {pharmacy.email || EMPTY}
      </Text>
    ),
  },
  col.mutedColumn('Phone', (pharmacy) => pharmacy.phone, { whiteSpace: 'nowrap' }),
  {
    label: 'Shipping Address',
    cellProps: { color: 'fg.muted', minW: '44', lineHeight: 'short', ...wrap },
    cell: (pharmacy) => <AddressPreview address={pharmacy.shippingAddress} />,
  },
  col.mutedColumn('Terms', (pharmacy) => termsLabel(pharmacy.terms), { minW: '20', ...wrap }),
  {
    label: 'Balance',
    end: true,
    phone: true,
    cell: (pharmacy) => <MoneyText value={pharmacy.balance} highlightPositive />,
  },
  col.actionsColumn({ viewLabel: 'View', hidden: true }, (pharmacy, { can }) => (
    <>
      <col.LinkAction label="Statement" to="/pharmacies/$id/statement" id={pharmacy.id}>
        <LuScrollText />
      </col.LinkAction>
      {can('pharmacies.edit') ? (
        <col.EditAction to="/pharmacies/$id/edit" id={pharmacy.id} />
      ) : null}
    </>
  )),
];

export const PharmaciesPage = listPage(pharmaciesList, {
  columns: COLUMNS,
  details: PharmacyDetailsDialog,
});
