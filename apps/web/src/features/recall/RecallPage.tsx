import { useState, type FormEvent } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { LuDownload, LuFileText, LuSearch } from 'react-icons/lu';
import { formatDate } from '@pharm/validators';
import { PageHeader } from '../../components/PageHeader';
import { errorMessage } from '../../lib/errors';
import { EMPTY } from '../../lib/text';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { exportHref } from '../lists/ExportCsvButton';
import { RecallTabs } from './RecallTabs';

type RecallEntry = RouterOutputs['recall']['find'][number];

const routeApi = getRouteApi('/_app/recall/');

/**
 * Which pharmacies received a lot (issue 12): type a lot number, or a prefix ending in `*`, and
 * see every invoice that shipped it, grouped by pharmacy with whom to contact, with the contact
 * list as a CSV and a printable PDF for the recall notice.
 */
export function RecallPage() {
  const { lot } = routeApi.useSearch();
  const navigate = useNavigate();
  const [text, setText] = useState(lot ?? '');
  const result = trpc.recall.find.useQuery({ lot: lot ?? '' }, { enabled: !!lot });
  const entries = result.data ?? [];
  const invoiceCount = entries.reduce((n, entry) => n + entry.invoices.length, 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    void navigate({ to: '/recall', search: next ? { lot: next } : {} });
  };

  return (
    <>
      <PageHeader
        title="Recall"
        description="Find every pharmacy that received a lot, with whom to contact."
        actions={
          lot && result.isSuccess && entries.length ? (
            <>
              <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
                <a href={exportHref('/api/recall.csv', { lot })} download data-testid="recall-csv">
                  <LuDownload /> Download CSV
                </a>
              </Button>
              <Button variant="outline" colorPalette="gray" bg="bg.panel" asChild>
                <a href={exportHref('/api/recall.pdf', { lot })} download data-testid="recall-pdf">
                  <LuFileText /> PDF
                </a>
              </Button>
            </>
          ) : null
        }
      />
      <RecallTabs current="/recall" />
      <Card.Root mb="6">
        <Card.Body>
          <form onSubmit={submit} role="search" aria-label="Recall by lot">
            <Flex gap="3" align="flex-end" direction={{ base: 'column', sm: 'row' }}>
              <Field.Root maxW={{ sm: 'md' }}>
                <Field.Label>Lot number</Field.Label>
                <Input
                  name="lot"
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  placeholder="e.g. VL-2611-A, or VL-2611* for every lot starting so"
                  maxLength={101}
                  autoComplete="off"
                />
                <Field.HelperText>Exact lot, or end with * to match a prefix.</Field.HelperText>
              </Field.Root>
              <Button type="submit" loading={result.isFetching} mb={{ sm: '6' }}>
                <LuSearch /> Find
              </Button>
            </Flex>
          </form>
        </Card.Body>
      </Card.Root>

      {!lot ? null : result.isError ? (
        <Text color="fg.error" role="alert">
          {errorMessage(result.error)}
        </Text>
      ) : result.isPending ? (
        <Text color="fg.muted">Looking up lot {lot}…</Text>
      ) : !entries.length ? (
        <Text color="fg.muted" data-testid="recall-empty">
          No invoice shipped lot {lot}.
        </Text>
      ) : (
        <Stack gap="4">
          <Text fontWeight="medium" data-testid="recall-summary">
            {entries.length} {entries.length === 1 ? 'pharmacy' : 'pharmacies'} · {invoiceCount}{' '}
            {invoiceCount === 1 ? 'invoice' : 'invoices'}
          </Text>
          {entries.map((entry) => (
            <RecallCard key={entry.pharmacy.id} entry={entry} />
          ))}
        </Stack>
      )}
    </>
  );
}

function RecallCard({ entry }: { entry: RecallEntry }) {
  const { pharmacy, invoices } = entry;
  return (
    <Card.Root data-testid="recall-pharmacy">
      <Card.Body>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="3">
          <Box>
            <Heading as="h2" size="sm">
              {pharmacy.name}
            </Heading>
            <HStack gap="3" wrap="wrap" textStyle="sm" color="fg.muted">
              <Text>{pharmacy.contactName ?? EMPTY}</Text>
              <a href={`mailto:${pharmacy.email}`}>{pharmacy.email}</a>
              {pharmacy.phone ? <a href={`tel:${pharmacy.phone}`}>{pharmacy.phone}</a> : null}
            </HStack>
          </Box>
          <Badge colorPalette="blue">
            {invoices.length} {invoices.length === 1 ? 'invoice' : 'invoices'}
          </Badge>
        </Flex>
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Invoice</Table.ColumnHeader>
                <Table.ColumnHeader>Date</Table.ColumnHeader>
                <Table.ColumnHeader>Lot</Table.ColumnHeader>
                <Table.ColumnHeader>Line items</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {invoices.map((invoice) => (
                <Table.Row key={invoice.id}>
                  <Table.Cell whiteSpace="nowrap">
                    <Link to="/invoices" search={{ q: invoice.invoiceNumber }}>
                      {invoice.invoiceNumber}
                    </Link>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDate(invoice.invoiceDate)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{invoice.lotNumber}</Table.Cell>
                  <Table.Cell>
                    {invoice.lineItems.length
                      ? invoice.lineItems.map((line, i) => (
                          <Text key={i} textStyle="sm">
                            {line.qty} × {line.description}
                          </Text>
                        ))
                      : EMPTY}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}
