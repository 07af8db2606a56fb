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
import { LicenceIssuesPanel } from '../licences/LicenceIssuesPanel';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

const PharmacyDetailsDialog = lazy(() =>
  import('./PharmacyDetailsDialog').then((m) => ({ default: m.PharmacyDetailsDialog })),
);

const wrap = { whiteSpace: 'normal' } as const;

const COLUMNS: Column<Pharmacy>[] = [
  {
    label: 'Name',
    phone: true,
    sort: 'name',
    cellProps: { fontWeight: 'medium', color: 'fg', minW: '32', ...wrap },
    cell: (pharmacy) => (
      <>
        <col.RowLink kind="pharmacy" id={pharmacy.id}>
          {pharmacy.name}
        </col.RowLink>
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
    sort: 'balance',
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

/** Opens a pharmacy of the licence issues (the tab lists them by id) in its details dialog. */
function LicenceIssuesTab({ q, view }: { q: string | undefined; view: (p: Pharmacy) => void }) {
  const utils = trpc.useUtils();
  return (
    <LicenceIssuesPanel
      q={q}
      onOpen={(id) => {
        utils.pharmacies.get
          .fetch({ id })
          .then(view)
          .catch((error: unknown) => notify.error('Error', errorMessage(error)));
      }}
    />
  );
}

export const PharmaciesPage = listPage(pharmaciesList, {
  columns: COLUMNS,
  details: PharmacyDetailsDialog,
  tabPanel: ({ tab, q }, view) =>
    tab === 'licences' ? <LicenceIssuesTab q={q} view={view} /> : null,
});
