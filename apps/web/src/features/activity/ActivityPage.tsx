import { lazy, memo, Suspense, useState } from 'react';
import { Badge, Button, NativeSelect, Table, Text } from '@chakra-ui/react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LuEye, LuHistory } from 'react-icons/lu';
import { PageHeader } from '../../components/PageHeader';
import { trpc } from '../../lib/trpc';
import { RowActionsCell } from '../lists/DataTable';
import { ListTabs, ListView, useInfiniteList, type ListColumn } from '../lists/ListPage';
import { useListSearch } from '../lists/useListSearch';
import { ACTIVITY_TABS, ENTITY_NAMES, RECORD_LIST } from './tabs';
import { ACTION_LABELS, fieldLabel, formatWhen, type ActivityItem } from './format';
import { activityList } from './list';

const routeApi = getRouteApi('/_app/activity/');

// The dialog's machine and the record history are not part of the page's first load.
const ChangeDialog = lazy(() =>
  import('./ChangeDialog').then((module) => ({ default: module.ChangeDialog })),
);

// All shown on a phone as well, where the table scrolls sideways in its card.
const COLUMNS: ListColumn[] = [
  { label: 'When', phone: true },
  { label: 'Record', phone: true },
  { label: 'Action', phone: true },
  { label: 'Changed', phone: true },
  { label: 'By', phone: true },
  { label: 'Actions', end: true, hidden: true, phone: true },
];

const ACTION_PALETTE = { create: 'green', update: 'blue', delete: 'red' } as const;

/** Fields named in the list's Changed column before '+ N more'. */
const SHOWN_FIELDS = 3;

function changedFields(entry: ActivityItem): string {
  const names = entry.changes.map((change) => fieldLabel(change.field));
  if (entry.action !== 'update') return `${names.length} fields`;
  const more = names.length - SHOWN_FIELDS;
  return more > 0 ? `${names.slice(0, SHOWN_FIELDS).join(', ')} + ${more} more` : names.join(', ');
}

/** The latest changes across the business, by record type and by user, newest first. */
export function ActivityPage() {
  const params = routeApi.useSearch();
  const navigate = useNavigate();
  const search = useListSearch(params);
  const list = useInfiniteList(activityList(params));
  const users = trpc.activity.users.useQuery();
  const [viewing, setViewing] = useState<ActivityItem | null>(null);
  const [viewed, setViewed] = useState(false);
  if (viewing && !viewed) setViewed(true);

  const userFilter = (
    <NativeSelect.Root maxW={{ base: 'full', md: 'xs' }} size="sm">
      <NativeSelect.Field
        aria-label="Filter by user"
        data-testid="activity-user-filter"
        value={params.user ?? ''}
        onChange={(event) =>
          void navigate({
            to: '.',
            search: (prev) => ({ ...prev, user: event.target.value || undefined }),
          })
        }
      >
        <option value="">All users</option>
        {(users.data ?? []).map((user) => (
          <option key={user.id} value={user.id}>
            {user.email}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );

  return (
    <>
      <PageHeader
        title="Activity"
        description="The latest changes across the business: who changed what, and when."
      />
      <ListTabs tabs={ACTIVITY_TABS} search={search} filter={userFilter} testId="activity-tabs">
        <ListView
          list={list}
          columns={COLUMNS}
          plural="changes"
          q={undefined}
          empty={{ icon: <LuHistory />, text: 'No changes recorded here yet.' }}
          row={(entry) => <ActivityRow key={entry.id} entry={entry} onView={setViewing} />}
        />
      </ListTabs>
      {/* Loaded on the first View, mounted from then on so that it animates out. */}
      {viewed ? (
        <Suspense fallback={null}>
          <ChangeDialog entry={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A row of the list; memoised (see useDeferredRows). */
const ActivityRow = memo(function ActivityRow({
  entry,
  onView,
}: {
  entry: ActivityItem;
  onView: (entry: ActivityItem) => void;
}) {
  const name = `${ENTITY_NAMES[entry.entityType].one} ${entry.label}`;
  const list = entry.recordExists ? RECORD_LIST[entry.entityType] : undefined;
  return (
    <Table.Row data-testid={`activity-row-${entry.id}`}>
      <Table.Cell py="3" color="fg.muted" whiteSpace="nowrap">
        {formatWhen(entry.createdAt)}
      </Table.Cell>
      <Table.Cell minW="48" whiteSpace="normal">
        <Text as="span" color="fg.muted" textStyle="sm">
          {ENTITY_NAMES[entry.entityType].one}{' '}
        </Text>
        {list ? (
          <Link to={list} search={{ q: entry.label }} aria-label={`Open ${name}`}>
            <Text
              as="span"
              fontWeight="semibold"
              color="brand.fg"
              _hover={{ textDecoration: 'underline' }}
            >
              {entry.label}
            </Text>
          </Link>
        ) : (
          <>
            <Text as="span" fontWeight="semibold">
              {entry.label}
            </Text>{' '}
            <Badge colorPalette="gray" size="sm">
              deleted
            </Badge>
          </>
        )}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={ACTION_PALETTE[entry.action]}>{ACTION_LABELS[entry.action]}</Badge>
      </Table.Cell>
      <Table.Cell color="fg.muted" whiteSpace="normal" minW={entry.note ? '48' : undefined}>
        {changedFields(entry)}
        {/* Why, when the change says (an override's reason); whole in the Changes dialog. */}
        {entry.note ? (
          <Text textStyle="xs" lineClamp={2} data-testid="activity-note">
            {entry.note}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell color="fg.muted">{entry.user?.email ?? 'System'}</Table.Cell>
      <RowActionsCell>
        <Button
          size="xs"
          variant="ghost"
          onClick={() => onView(entry)}
          aria-label={entry.recordExists ? `Changes to ${name}` : `Snapshot of ${name}`}
        >
          <LuEye /> {entry.recordExists ? 'Changes' : 'Snapshot'}
        </Button>
      </RowActionsCell>
    </Table.Row>
  );
});
