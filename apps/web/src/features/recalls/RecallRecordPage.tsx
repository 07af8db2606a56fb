import { useState } from 'react';
import { Badge, Box, Button, Grid, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuBellRing, LuCircleCheck, LuFileText, LuLock, LuMail } from 'react-icons/lu';
import {
  EMAIL_STATUS_LABELS,
  formatDate,
  LOT_STATUS_LABELS,
  RECALL_NOTICE_CHANNEL_LABELS,
  RECALL_NOTICE_STATUS_LABELS,
  RECALL_NOTICE_STATUS_PALETTE,
} from '@pharm/validators';
import { StatusBadge } from '../../components/StatusBadge';
import { EMPTY } from '../../lib/text';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { RecordHistory } from '../activity/RecordHistory';
import { Can } from '../auth/can';
import { Fact } from '../documents/DocumentDetails';
import { RecordLink } from '../records/RecordLink';
import { FactsGrid, RecordPage, RecordSection } from '../records/RecordPage';
import { EMAIL_STATUS_PALETTE } from '../emails/format';
import type { NoticeTarget } from './dialogs';
import type { EmailNoticesTarget } from './EmailNoticesDialog';
import { lazyDialog } from '../../components/lazyDialog';
import { RecallProgress } from './RecallProgress';

// Loaded when first opened: with them the page loaded Chakra's dialog and its focus trap.
const NoticeDialog = lazyDialog(() => import('./dialogs').then((m) => m.NoticeDialog));
const CloseRecallDialog = lazyDialog(
  () => import('./dialogs').then((m) => m.CloseRecallDialog),
  (props) => props.open,
);
const EmailNoticesDialog = lazyDialog(() =>
  import('./EmailNoticesDialog').then((m) => m.EmailNoticesDialog),
);

type Recall = RouterOutputs['recalls']['get'];
type Entry = Recall['pharmacies'][number];

/** An email for the notice is on its way (the outbox has not sent or given it up). */
const pending = (entry: Entry) =>
  entry.notice.email !== null && ['held', 'queued', 'sending'].includes(entry.notice.email.status);
/** Still to notify, with no email on its way: what Email Notices would email. */
const toEmail = (entry: Entry) => entry.notice.status === 'to_notify' && !pending(entry);

const when = (at: string | null) =>
  at ? new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : EMPTY;

/**
 * A recall's page (`/recalls/$id`): why and how serious, its lots, progress, and each pharmacy
 * with the lines of its invoices that carried the lots, its notice (Mark notified, Mark
 * acknowledged, and where its letter's email is), its letter (download, Email Letter); Email
 * Notices for every pharmacy still to notify, Close Recall, and the history.
 */
export function RecallRecordPage({ id }: { id: number }) {
  const recall = trpc.recalls.get.useQuery(
    { id },
    {
      // While the outbox sends its letters, the notices turn notified: look again shortly.
      refetchInterval: (query) =>
        query.state.data?.pharmacies.some(
          (entry) =>
            entry.notice.email && ['queued', 'sending'].includes(entry.notice.email.status),
        )
          ? 3000
          : false,
    },
  );
  const [notice, setNotice] = useState<NoticeTarget | null>(null);
  const [emailing, setEmailing] = useState<EmailNoticesTarget | null>(null);
  const [closing, setClosing] = useState(false);

  return (
    <>
      <RecordPage
        noun="Recall"
        back={{ to: '/recalls', label: 'Back to Recalls' }}
        load={recall}
        testId="recall-page"
        header={(current) => ({
          title: current.number,
          badge: (
            <Badge
              colorPalette={current.closedOn ? 'gray' : 'red'}
              rounded="full"
              data-testid="recall-state"
            >
              {current.closedOn ? 'Closed' : 'Open'}
            </Badge>
          ),
          subtitle: `Class ${current.class} · initiated ${formatDate(current.initiatedOn)}`,
          actions: current.closedOn ? null : (
            <Can permission="recalls.write">
              <HStack gap="2" wrap="wrap">
                {current.pharmacies.some(toEmail) ? (
                  <Button
                    onClick={() =>
                      setEmailing({ all: true, count: current.pharmacies.filter(toEmail).length })
                    }
                    data-testid="email-notices"
                  >
                    <LuMail /> Email Notices
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  onClick={() => setClosing(true)}
                  data-testid="close-recall"
                >
                  <LuLock /> Close Recall
                </Button>
              </HStack>
            </Can>
          ),
        })}
      >
        {(current) => (
          <>
            <RecordSection title="Recall">
              <FactsGrid>
                <Fact label="Class">{current.class}</Fact>
                <Fact label="Initiated">{formatDate(current.initiatedOn)}</Fact>
                <Fact label="Closed">
                  {current.closedOn ? formatDate(current.closedOn) : EMPTY}
                </Fact>
                <Fact label="Progress">
                  <RecallProgress progress={current.progress} />
                </Fact>
              </FactsGrid>
              <Box mt="5">
                <Fact label="Reason">{current.reason}</Fact>
              </Box>
              {current.closeReason ? (
                <Box mt="4">
                  <Fact label="Closed because">{current.closeReason}</Fact>
                </Box>
              ) : null}
            </RecordSection>
            <RecordSection title="Lots" padded={false}>
              <Table.ScrollArea>
                <Table.Root size="sm" aria-label="Recalled lots" data-testid="recall-lots">
                  <Table.Header>
                    <Table.Row bg="bg.subtle">
                      <Table.ColumnHeader ps="5">Lot</Table.ColumnHeader>
                      <Table.ColumnHeader>SKU</Table.ColumnHeader>
                      <Table.ColumnHeader>Product</Table.ColumnHeader>
                      <Table.ColumnHeader>Expires</Table.ColumnHeader>
                      <Table.ColumnHeader pe="5">Status</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {current.lots.map((lot) => (
                      <Table.Row key={lot.id}>
                        <Table.Cell ps="5" fontWeight="semibold">
                          {lot.lotNumber}
                        </Table.Cell>
                        <Table.Cell>{lot.sku}</Table.Cell>
                        <Table.Cell>{lot.productName}</Table.Cell>
                        <Table.Cell whiteSpace="nowrap">{formatDate(lot.expiryDate)}</Table.Cell>
                        <Table.Cell pe="5">{LOT_STATUS_LABELS[lot.status]}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </RecordSection>
            <RecordSection
              title="Pharmacies"
              aside={
                <Text textStyle="sm" color="fg.muted">
                  {current.progress.acknowledged} of {current.progress.total} acknowledged
                </Text>
              }
            >
              {current.pharmacies.length === 0 ? (
                <Text color="fg.muted" textStyle="sm" data-testid="recall-no-pharmacies">
                  No invoice line carried these lots: there is no one to notify.
                </Text>
              ) : (
                <Stack gap="5">
                  {current.pharmacies.map((entry) => (
                    <PharmacyNotice
                      key={entry.pharmacy.id}
                      recall={current}
                      entry={entry}
                      onStep={setNotice}
                      onEmail={(pharmacy) => setEmailing({ pharmacy })}
                    />
                  ))}
                </Stack>
              )}
            </RecordSection>
            <RecordSection title="History">
              <RecordHistory entityType="recall" entityId={current.id} />
            </RecordSection>
          </>
        )}
      </RecordPage>
      <NoticeDialog recallId={id} target={notice} onClose={() => setNotice(null)} />
      {recall.data ? (
        <EmailNoticesDialog
          recall={recall.data}
          target={emailing}
          onClose={() => setEmailing(null)}
        />
      ) : null}
      {recall.data ? (
        <CloseRecallDialog recall={recall.data} open={closing} onClose={() => setClosing(false)} />
      ) : null}
    </>
  );
}

/** One pharmacy: its notice and the actions on it, then its affected lines. */
function PharmacyNotice({
  recall,
  entry,
  onStep,
  onEmail,
}: {
  recall: Recall;
  entry: Entry;
  onStep: (target: NoticeTarget) => void;
  onEmail: (pharmacy: { id: number; name: string }) => void;
}) {
  const { pharmacy, notice, lines } = entry;
  const open = recall.closedOn === null;
  return (
    <Box
      borderWidth="1px"
      rounded="lg"
      overflow="hidden"
      data-testid={`recall-pharmacy-${pharmacy.id}`}
    >
      <Grid
        templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) auto' }}
        gap="3"
        p="4"
        bg="bg.subtle"
      >
        <Box minW="0">
          <HStack gap="3" wrap="wrap">
            <RecordLink kind="pharmacy" id={pharmacy.id}>
              {pharmacy.name}
            </RecordLink>
            <StatusBadge
              status={notice.status}
              colors={RECALL_NOTICE_STATUS_PALETTE}
              label={RECALL_NOTICE_STATUS_LABELS[notice.status]}
              data-testid="notice-status"
            />
          </HStack>
          <Text textStyle="xs" color="fg.muted" mt="1">
            {[pharmacy.contactName, pharmacy.email, pharmacy.phone].filter(Boolean).join(' · ')}
          </Text>
          {notice.notifiedAt ? (
            <Text textStyle="xs" mt="1" data-testid="notice-notified">
              Notified {when(notice.notifiedAt)}
              {notice.channel
                ? ` by ${RECALL_NOTICE_CHANNEL_LABELS[notice.channel].toLowerCase()}`
                : ''}
              {notice.notifiedBy ? `, ${notice.notifiedBy}` : ''}
            </Text>
          ) : null}
          {notice.email && notice.status === 'to_notify' ? (
            <HStack gap="2" mt="1" textStyle="xs" data-testid="notice-email">
              <Badge colorPalette={EMAIL_STATUS_PALETTE[notice.email.status]} size="sm">
                Letter email {EMAIL_STATUS_LABELS[notice.email.status].toLowerCase()}
              </Badge>
              <Text color="fg.muted">
                {notice.email.status === 'failed' ? (
                  <>
                    Not delivered: see the{' '}
                    <Link to="/outbox" style={{ textDecoration: 'underline' }}>
                      Outbox
                    </Link>
                    , or notify another way.
                  </>
                ) : notice.email.status === 'held' ? (
                  <>
                    Waits in the{' '}
                    <Link to="/outbox" style={{ textDecoration: 'underline' }}>
                      Outbox
                    </Link>{' '}
                    for a mail server; notified once it is sent.
                  </>
                ) : (
                  'Notified once the mail server accepts it.'
                )}
              </Text>
            </HStack>
          ) : null}
          {notice.acknowledgedAt ? (
            <Text textStyle="xs" data-testid="notice-acknowledged">
              Acknowledged {when(notice.acknowledgedAt)}
              {notice.contact ? ` by ${notice.contact}` : ''}
              {notice.quantityReturned !== null
                ? ` · ${notice.quantityReturned} returned or destroyed`
                : ''}
            </Text>
          ) : null}
        </Box>
        <HStack gap="2" wrap="wrap" align="flex-start" justify={{ md: 'flex-end' }}>
          <Button size="sm" variant="outline" colorPalette="gray" asChild>
            <a
              href={`/api/recalls/${recall.id}/letters/${pharmacy.id}.pdf`}
              download
              data-testid="recall-letter"
            >
              <LuFileText /> Letter
            </a>
          </Button>
          {open && toEmail(entry) ? (
            <Can permission="recalls.write">
              <Button
                size="sm"
                variant="outline"
                onClick={() => onEmail(pharmacy)}
                data-testid="email-letter"
              >
                <LuMail /> Email Letter
              </Button>
            </Can>
          ) : null}
          {open && notice.status === 'to_notify' ? (
            <Can permission="recalls.write">
              <Button
                size="sm"
                onClick={() => onStep({ status: 'notified', pharmacy })}
                data-testid="mark-notified"
              >
                <LuBellRing /> Mark Notified
              </Button>
            </Can>
          ) : null}
          {open && notice.status === 'notified' ? (
            <Can permission="recalls.write">
              <Button
                size="sm"
                onClick={() => onStep({ status: 'acknowledged', pharmacy })}
                data-testid="mark-acknowledged"
              >
                <LuCircleCheck /> Mark Acknowledged
              </Button>
            </Can>
          ) : null}
        </HStack>
      </Grid>
      <Table.ScrollArea>
        <Table.Root
          size="sm"
          aria-label={`Affected lines of ${pharmacy.name}`}
          data-testid="recall-lines"
        >
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader ps="4">Invoice</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Item</Table.ColumnHeader>
              <Table.ColumnHeader>Lot</Table.ColumnHeader>
              <Table.ColumnHeader pe="4" textAlign="end">
                Qty
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {lines.map((line, index) => (
              <Table.Row key={line.lineId ?? `copy-${index}`} data-testid="recall-line">
                <Table.Cell ps="4" whiteSpace="nowrap">
                  {line.invoiceId ? (
                    <RecordLink kind="invoice" id={line.invoiceId}>
                      {line.invoiceNumber}
                    </RecordLink>
                  ) : (
                    line.invoiceNumber
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(line.invoiceDate)}</Table.Cell>
                <Table.Cell>{line.description}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{line.lotNumber}</Table.Cell>
                <Table.Cell pe="4" textAlign="end">
                  {line.qty.toLocaleString('en-US')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
