import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Card, HStack, Table, Text } from '@chakra-ui/react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LuDownload, LuPlus } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Can } from '../auth/can';
import { exportHref } from '../lists/ExportCsvButton';
import { RecallTabs } from '../recall/RecallTabs';
import { RecallProgress } from './RecallProgress';

const NewRecallDialog = lazy(() =>
  import('./NewRecallDialog').then((m) => ({ default: m.NewRecallDialog })),
);

const routeApi = getRouteApi('/_app/recalls/');

const STATUS_TABS = [
  { value: undefined, label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
] as const;

/**
 * The recalls (issue 30), newest first, each with its lots and how many pharmacies have
 * acknowledged; "New recall" picks lots and opens one (accountants and admins).
 */
export function RecallsPage() {
  const { status, newLot } = routeApi.useSearch();
  const navigate = useNavigate();
  const list = trpc.recalls.list.useQuery(status ? { status } : {});
  const [creating, setCreating] = useState(newLot !== undefined);
  // Mounted from the first opening on, so that it animates out.
  const [opened, setOpened] = useState(creating);
  if (creating && !opened) setOpened(true);

  return (
    <>
      <PageHeader
        title="Recalls"
        description="Recalls of lots: the pharmacies that received them, each notified and acknowledging."
        actions={
          <HStack gap="2">
            <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
              <a
                href={exportHref('/api/recalls.csv', status ? { status } : {})}
                download
                data-testid="recalls-csv"
              >
                <LuDownload /> Export CSV
              </a>
            </Button>
            <Can permission="recalls.write">
              <Button onClick={() => setCreating(true)} data-testid="new-recall">
                <LuPlus /> New Recall
              </Button>
            </Can>
          </HStack>
        }
      />
      <RecallTabs current="/recalls" />
      <HStack gap="2" mb="4" role="tablist" aria-label="Recall status">
        {STATUS_TABS.map((tab) => (
          <Button
            key={tab.label}
            size="sm"
            role="tab"
            aria-selected={status === tab.value}
            variant={status === tab.value ? 'solid' : 'outline'}
            colorPalette={status === tab.value ? undefined : 'gray'}
            onClick={() =>
              void navigate({ to: '/recalls', search: tab.value ? { status: tab.value } : {} })
            }
          >
            {tab.label}
          </Button>
        ))}
      </HStack>
      <Card.Root>
        {list.isPending ? (
          <Text p="5" color="fg.muted">
            Loading recalls…
          </Text>
        ) : list.isError ? (
          <Text p="5" color="fg.error" role="alert">
            Failed to load recalls: {errorMessage(list.error)}
          </Text>
        ) : list.data.length === 0 ? (
          <Text p="5" color="fg.muted" data-testid="recalls-empty">
            No recalls{status ? ` ${status}` : ''}.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Recalls" data-testid="recalls-table">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader ps="5">Recall</Table.ColumnHeader>
                  <Table.ColumnHeader>Class</Table.ColumnHeader>
                  <Table.ColumnHeader>Lots</Table.ColumnHeader>
                  <Table.ColumnHeader display={{ base: 'none', md: 'table-cell' }}>
                    Initiated
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>Acknowledged</Table.ColumnHeader>
                  <Table.ColumnHeader pe="5">Status</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.data.map((recall) => (
                  <Table.Row key={recall.id} data-testid={`recall-row-${recall.id}`}>
                    <Table.Cell ps="5">
                      <Text asChild fontWeight="semibold" color="brand.fg">
                        <Link to="/recalls/$id" params={{ id: recall.id }}>
                          {recall.number}
                        </Link>
                      </Text>
                      <Text textStyle="xs" color="fg.muted" lineClamp={1} maxW="xs">
                        {recall.reason}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{recall.class}</Table.Cell>
                    <Table.Cell>{recall.lotNumbers.join(', ')}</Table.Cell>
                    <Table.Cell display={{ base: 'none', md: 'table-cell' }} whiteSpace="nowrap">
                      {formatDate(recall.initiatedOn)}
                    </Table.Cell>
                    <Table.Cell minW="40">
                      <RecallProgress progress={recall.progress} />
                    </Table.Cell>
                    <Table.Cell pe="5">
                      <Badge colorPalette={recall.closedOn ? 'gray' : 'red'} rounded="full">
                        {recall.closedOn ? `Closed ${formatDate(recall.closedOn)}` : 'Open'}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Root>
      {/* Loaded at the first New recall (zod, the dialog's machine): not in the list's first load. */}
      {opened ? (
        <Suspense fallback={null}>
          <NewRecallDialog
            open={creating}
            initialLot={newLot}
            onClose={() => {
              setCreating(false);
              if (newLot !== undefined) {
                void navigate({ to: '/recalls', search: status ? { status } : {}, replace: true });
              }
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
