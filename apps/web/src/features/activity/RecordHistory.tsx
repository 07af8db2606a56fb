import { Box, Button, Flex, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { LoggedEntityType } from '@pharm/validators';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ACTION_LABELS, fieldLabel, formatValue, formatWhen, type ActivityItem } from './format';

const PAGE_SIZE = 20;

/** Field, old value, new value: what one change did (a create from nothing, a delete to nothing). */
export function ChangesTable({ entry }: { entry: ActivityItem }) {
  if (entry.changes.length === 0) {
    return (
      <Text textStyle="sm" color="fg.muted">
        No field changes recorded.
      </Text>
    );
  }
  return (
    <Table.Root size="sm" variant="line">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Field</Table.ColumnHeader>
          <Table.ColumnHeader>Old</Table.ColumnHeader>
          <Table.ColumnHeader>New</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entry.changes.map((change) => (
          <Table.Row key={change.field} data-testid={`change-${change.field}`}>
            <Table.Cell fontWeight="medium" whiteSpace="nowrap">
              {fieldLabel(change.field)}
            </Table.Cell>
            {/* Anywhere: a number or an address without spaces would widen a phone's page. */}
            <Table.Cell color="fg.muted" whiteSpace="pre-line" overflowWrap="anywhere">
              {formatValue(change.field, change.from)}
            </Table.Cell>
            <Table.Cell whiteSpace="pre-line" overflowWrap="anywhere">
              {formatValue(change.field, change.to)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Who did it and when: the heading of one change. */
export function ChangeHeading({ entry }: { entry: ActivityItem }) {
  return (
    <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
      <Text fontWeight="semibold">{ACTION_LABELS[entry.action]}</Text>
      <Text textStyle="sm" color="fg.muted">
        {entry.user?.email ?? 'System'} · {formatWhen(entry.createdAt)}
      </Text>
    </Flex>
  );
}

/** Every change of one record, newest first, twenty at a time. */
export function RecordHistory({
  entityType,
  entityId,
}: {
  entityType: LoggedEntityType;
  entityId: number;
}) {
  const query = trpc.activity.list.useInfiniteQuery(
    { entityType, entityId, limit: PAGE_SIZE },
    { getNextPageParam: (last) => last.nextCursor },
  );
  if (query.isPending) {
    return (
      <Flex justify="center" py="6">
        <Spinner size="sm" aria-label="Loading history" />
      </Flex>
    );
  }
  if (query.isError) {
    return <Text color="fg.error">Failed to load the history: {errorMessage(query.error)}</Text>;
  }
  const entries = query.data.pages.flatMap((page) => page.items);
  return (
    <Stack gap="4" data-testid="record-history">
      {entries.length === 0 ? <Text color="fg.muted">No changes recorded yet.</Text> : null}
      {entries.map((entry) => (
        <Box
          key={entry.id}
          borderWidth="1px"
          rounded="md"
          p="3"
          data-testid={`history-entry-${entry.id}`}
        >
          <Stack gap="2">
            <ChangeHeading entry={entry} />
            {entry.note ? (
              <Text textStyle="sm" color="fg.muted" data-testid="history-note">
                {entry.note}
              </Text>
            ) : null}
            <ChangesTable entry={entry} />
          </Stack>
        </Box>
      ))}
      {query.hasNextPage ? (
        <Flex justify="center">
          <Button
            variant="outline"
            size="sm"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </Flex>
      ) : null}
    </Stack>
  );
}
