import { useDeferredValue } from 'react';
import { Button, HStack, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { FilterInput } from '../../components/FilterInput';
import { MoneyText } from '../../components/MoneyText';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import { trpc } from '../../lib/trpc';
import { Can } from '../auth/can';
import { EmailCreditNoteButton } from '../emails/EmailActions';
import { ExportCsvButton } from '../lists/ExportCsvButton';
import { LoadMoreButton, TableCard } from '../lists/DataTable';
import { RecordLink } from '../records/RecordLink';

const routeApi = getRouteApi('/_app/credit-notes/');

/** The credit notes, newest first, filtered by number, pharmacy or invoice; CSV and New. */
export function CreditNotesPage() {
  const { q } = routeApi.useSearch();
  const navigate = useNavigate();
  const filter = useDeferredValue(q);
  const list = trpc.creditNotes.list.useInfiniteQuery(
    { q: filter, limit: 50 },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const rows = list.data?.pages.flatMap((page) => page.items);

  return (
    <>
      <PageHeader
        title="Credit Notes"
        description="Returns and allowances credited to your pharmacies, applied to invoices or refunded."
        actions={
          <>
            <ExportCsvButton path="/api/credit-notes.csv" filters={{ q }} />
            <Can permission="creditNotes.write">
              <Button asChild>
                <Link to="/credit-notes/new">
                  <LuPlus /> New Credit Note
                </Link>
              </Button>
            </Can>
          </>
        }
      />
      <Stack gap="4">
        <FilterInput
          label="Filter credit notes"
          placeholder="Credit note #, invoice # or pharmacy..."
          text={q ?? ''}
          onTextChange={(text) =>
            void navigate({
              to: '/credit-notes',
              search: text.trim() ? { q: text } : {},
              replace: true,
            })
          }
          filtering={list.isFetching && !list.isFetchingNextPage && rows !== undefined}
          maxW={{ base: 'full', md: 'sm' }}
        />
        <TableCard>
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="credit-notes-table">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader ps="5">Credit Note #</Table.ColumnHeader>
                  <Table.ColumnHeader>Pharmacy</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Invoice</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Date</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="md">
                    Unapplied
                  </Table.ColumnHeader>
                  <Table.ColumnHeader pe="5" w="12">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.isError ? (
                  <Table.Row>
                    <Table.Cell colSpan={7} color="fg.error" ps="5">
                      Failed to load credit notes: {errorMessage(list.error)}
                    </Table.Cell>
                  </Table.Row>
                ) : rows === undefined ? (
                  <Table.Row>
                    <Table.Cell colSpan={7} color="fg.muted" ps="5">
                      Loading...
                    </Table.Cell>
                  </Table.Row>
                ) : rows.length === 0 ? (
                  <Table.Row>
                    <Table.Cell colSpan={7} color="fg.muted" textAlign="center" py="8">
                      {q ? 'No credit notes match your filter.' : 'No credit notes yet.'}
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  rows.map((note) => (
                    <Table.Row key={note.id} data-testid={`credit-note-row-${note.id}`}>
                      <Table.Cell ps="5" whiteSpace="nowrap">
                        <RecordLink kind="creditNote" id={note.id}>
                          {note.number}
                        </RecordLink>
                      </Table.Cell>
                      <Table.Cell minW="32">{note.pharmacy.name}</Table.Cell>
                      <Table.Cell hideBelow="md" whiteSpace="nowrap">
                        {note.invoice && note.invoiceId ? (
                          <RecordLink kind="invoice" id={note.invoiceId} fontWeight="normal">
                            {note.invoice.invoiceNumber}
                          </RecordLink>
                        ) : (
                          EMPTY
                        )}
                      </Table.Cell>
                      <Table.Cell hideBelow="md" color="fg.muted" whiteSpace="nowrap">
                        {formatDate(note.date)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <MoneyText value={note.total} fontWeight="medium" />
                      </Table.Cell>
                      <Table.Cell textAlign="end" hideBelow="md">
                        <MoneyText value={note.unapplied} />
                      </Table.Cell>
                      <Table.Cell pe="5" textAlign="end">
                        <EmailCreditNoteButton note={note} icon />
                      </Table.Cell>
                    </Table.Row>
                  ))
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </TableCard>
        {list.hasNextPage ? (
          <HStack justify="center">
            <LoadMoreButton list={list} />
          </HStack>
        ) : rows?.length ? (
          <Text textStyle="sm" color="fg.muted" textAlign="center">
            {rows.length} credit note{rows.length === 1 ? '' : 's'}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}
