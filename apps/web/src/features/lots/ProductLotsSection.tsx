import { lazy, Suspense, useState } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';
import { can } from '@pharm/validators/roles';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { LoadMoreButton } from '../lists/DataTable';
import { RecordSection } from '../records/RecordPage';
import { LotsTable } from './LotsTable';

// Loaded on the first Add Lot, then kept mounted so that it animates out (apps/web/README.md).
const AddLotDialog = lazy(() => import('./LotDialogs').then((m) => ({ default: m.AddLotDialog })));

/** A product's lots (issue 30), earliest expiry first, on its record page. */
export function ProductLotsSection({
  productId,
  variants,
}: {
  productId: number;
  variants: readonly {
    id: number;
    variantSku: string;
    size: string | null;
    color: string | null;
  }[];
}) {
  const user = trpc.auth.me.useQuery(undefined, { staleTime: Infinity }).data;
  const lots = trpc.lots.list.useInfiniteQuery(
    { productId, limit: 50 },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const rows = lots.data?.pages.flatMap((page) => page.items);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);
  if (adding && !added) setAdded(true);
  return (
    <RecordSection
      title="Lots"
      testId="product-lots"
      aside={
        can(user?.role, 'lots.write') ? (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <LuPlus /> Add Lot
          </Button>
        ) : null
      }
    >
      {lots.isPending ? (
        <Text color="fg.muted">Loading lots…</Text>
      ) : lots.isError ? (
        <Text color="fg.error">Could not load the lots: {errorMessage(lots.error)}</Text>
      ) : !rows?.length ? (
        <Text color="fg.muted">No lots received yet.</Text>
      ) : (
        <>
          <LotsTable lots={rows} testId="product-lots-table" />
          {lots.hasNextPage ? (
            <HStack justify="center" mt="3">
              <LoadMoreButton list={lots} />
            </HStack>
          ) : null}
        </>
      )}
      {added ? (
        <Suspense fallback={null}>
          <AddLotDialog
            open={adding}
            onClose={() => setAdding(false)}
            productId={productId}
            variants={variants.map((v) => ({
              id: v.id,
              label: [v.variantSku, [v.size, v.color].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(' · '),
            }))}
          />
        </Suspense>
      ) : null}
    </RecordSection>
  );
}
