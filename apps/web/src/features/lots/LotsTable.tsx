import { lazy, Suspense, useState } from 'react';
import { Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuFileText, LuShieldAlert, LuUpload } from 'react-icons/lu';
import { formatDate, type LotOutput } from '@pharm/validators';
import { can } from '@pharm/validators/roles';
import { ActionButton } from '../../components/ActionButton';
import { useFileUpload } from '../../components/FileUploadInput';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { LotStatusBadge } from './LotStatusBadge';

// The status dialog (its machine, zod) and the upload (the certificate's size limit lives with the
// lots' schemas) load when first used: not in the first load of the lists that show lots.
const LotStatusDialog = lazy(() =>
  import('./LotDialogs').then((m) => ({ default: m.LotStatusDialog })),
);

const LOT_LINK_CLASS = 'lot-link';
const LOT_ACTIONS_CLASS = 'lot-actions';

/**
 * The cells' styles, set once on the table: style props on each cell, a Chakra Text around each
 * link and IconButtons in each row resolved their styles at every mount (the list of lots was the
 * slowest side-menu screen to paint, as the lists were before ActionButton and RowLink).
 */
const LOT_CELLS = {
  '& td:nth-of-type(2)': { fontFamily: 'mono', textStyle: 'xs' },
  '& td:nth-of-type(3), & td:nth-of-type(6)': { whiteSpace: 'nowrap' },
  '& td:nth-of-type(6)': { textAlign: 'end' },
  // In the app's link colour, as RecordLink draws a record's number (it said `color="link"`, a
  // token the theme does not have, and came out in the text colour).
  [`& .${LOT_LINK_CLASS}`]: {
    fontWeight: 'semibold',
    color: 'brand.fg',
    _hover: { textDecoration: 'underline' },
  },
  [`& .${LOT_ACTIONS_CLASS}`]: { display: 'flex', justifyContent: 'flex-end' },
} as const;

/**
 * Lots in FEFO order, each linking to its page, with the certificate to open and, for those who
 * may, a status change (with its reason) and a certificate upload.
 */
export function LotsTable({ lots, testId }: { lots: readonly LotOutput[]; testId: string }) {
  const user = trpc.auth.me.useQuery(undefined, { staleTime: Infinity }).data;
  const canWrite = can(user?.role, 'lots.write');
  const utils = trpc.useUtils();
  const [changing, setChanging] = useState<LotOutput | null>(null);
  // Mounted from the first status change on, so that it animates out.
  const [changed, setChanged] = useState(false);
  if (changing && !changed) setChanged(true);
  const upload = useFileUpload({
    accept: 'application/pdf',
    testId: 'lot-certificate-input',
    // The certificate's size limit lives with the lots' schemas: loaded at the first upload.
    upload: (id, file) => import('./certificate').then((m) => m.uploadLotCertificate(id, file)),
    success: 'Certificate uploaded',
    onUploaded: () => utils.lots.invalidate(),
  });

  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md" position="relative">
        <Table.Root size="sm" data-testid={testId} css={LOT_CELLS}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Lot</Table.ColumnHeader>
              <Table.ColumnHeader>SKU</Table.ColumnHeader>
              <Table.ColumnHeader>Expires</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Supplier</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lots.map((lot) => (
              <Table.Row key={lot.id} data-testid={`lot-row-${lot.id}`}>
                <Table.Cell>
                  <Link to="/lots/$id" params={{ id: lot.id }} className={LOT_LINK_CLASS}>
                    {lot.lotNumber}
                  </Link>
                </Table.Cell>
                <Table.Cell>{lot.variantSku ?? lot.productSku}</Table.Cell>
                <Table.Cell>{formatDate(lot.expiryDate)}</Table.Cell>
                <Table.Cell>
                  <LotStatusBadge lot={lot} />
                </Table.Cell>
                <Table.Cell>{lot.supplier ?? EMPTY}</Table.Cell>
                <Table.Cell>
                  <div className={LOT_ACTIONS_CLASS}>
                    {lot.certificate ? (
                      <ActionButton asChild label={`Open the certificate of ${lot.lotNumber}`}>
                        <a href={`/api/lots/${lot.id}/certificate`} target="_blank" rel="noopener">
                          <LuFileText />
                        </a>
                      </ActionButton>
                    ) : null}
                    {canWrite ? (
                      <>
                        <ActionButton
                          label={`Upload the certificate of ${lot.lotNumber}`}
                          onClick={() => upload.choose(lot.id)}
                        >
                          <LuUpload />
                        </ActionButton>
                        <ActionButton
                          label={`Change the status of ${lot.lotNumber}`}
                          onClick={() => setChanging(lot)}
                        >
                          <LuShieldAlert />
                        </ActionButton>
                      </>
                    ) : null}
                  </div>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {upload.input}
      {changed ? (
        <Suspense fallback={null}>
          <LotStatusDialog lot={changing} onClose={() => setChanging(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
