import { HStack, Input, NativeSelect, Text, Button } from '@chakra-ui/react';
import { getRouteApi } from '@tanstack/react-router';
import { LuDownload } from 'react-icons/lu';
import { LOT_STATUSES, LOT_STATUS_LABELS, type LotStatus } from '@pharm/validators';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { LoadMoreButton } from '../lists/DataTable';
import { LotsTable } from './LotsTable';

const route = getRouteApi('/_app/lots/');

/** Rows a page of the list fetches, as the other lists do. */
const LOTS_PAGE = 50;

/**
 * Every lot, earliest expiry first, a page at a time (Load more); status and "expiring within N
 * days" filters in the URL.
 */
export function LotsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = {
    ...(search.status ? { status: search.status } : {}),
    ...(search.within !== undefined ? { expiringWithin: search.within } : {}),
  };
  const lots = trpc.lots.list.useInfiniteQuery(
    { ...query, limit: LOTS_PAGE },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const rows = lots.data?.pages.flatMap((page) => page.items);
  const csv = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

  return (
    <>
      <PageHeader
        title="Lots"
        description="Every lot received, earliest expiry first. Lots are added on each product's page."
        actions={
          <Button asChild variant="outline" size="sm">
            <a href={`/api/lots.csv${csv ? `?${csv}` : ''}`} download>
              <LuDownload /> Export CSV
            </a>
          </Button>
        }
      />
      <HStack gap="3" mb="4" wrap="wrap">
        <NativeSelect.Root size="sm" w="48">
          <NativeSelect.Field
            aria-label="Status"
            value={search.status ?? ''}
            onChange={(e) =>
              void navigate({
                search: (prev) => ({
                  ...prev,
                  status: (e.target.value || undefined) as LotStatus | undefined,
                }),
              })
            }
          >
            <option value="">All statuses</option>
            {LOT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LOT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <HStack gap="2">
          <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap">
            Expiring within
          </Text>
          <Input
            size="sm"
            w="24"
            type="number"
            min={0}
            aria-label="Expiring within days"
            placeholder="days"
            value={search.within ?? ''}
            onChange={(e) => {
              const days = e.target.value === '' ? undefined : Number(e.target.value);
              void navigate({
                search: (prev) => ({
                  ...prev,
                  within:
                    days !== undefined && Number.isInteger(days) && days >= 0 ? days : undefined,
                }),
              });
            }}
          />
          <Text textStyle="sm" color="fg.muted">
            days
          </Text>
        </HStack>
      </HStack>
      {lots.isPending ? (
        <Text color="fg.muted">Loading lots…</Text>
      ) : lots.isError ? (
        <Text color="fg.error">Could not load the lots: {errorMessage(lots.error)}</Text>
      ) : !rows?.length ? (
        <Text color="fg.muted" data-testid="lots-empty">
          No lots match.
        </Text>
      ) : (
        <>
          <LotsTable lots={rows} testId="lots-table" />
          <HStack justify="center" mt="4">
            {lots.hasNextPage ? (
              <LoadMoreButton list={lots} />
            ) : (
              <Text textStyle="sm" color="fg.muted">
                {rows.length} lot{rows.length === 1 ? '' : 's'}
              </Text>
            )}
          </HStack>
        </>
      )}
    </>
  );
}
