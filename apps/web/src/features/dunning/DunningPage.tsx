import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { LuCheck, LuSkipForward } from 'react-icons/lu';
import { DUNNING_NOTICE_STATUS_LABELS, formatUsd, type DunningNotice } from '@pharm/validators';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useCan } from '../auth/can';
import { EMAIL_STATUS_PALETTE, formatMoment } from '../emails/format';
import { RecordLink } from '../records/RecordLink';

const NOTICE_PALETTE: Record<DunningNotice['status'], string> = {
  draft: 'yellow',
  queued: 'green',
  skipped: 'gray',
  cancelled: 'gray',
};

/** The invoices a notice lists: number, balance and how late. */
function Invoices({ notice }: { notice: DunningNotice }) {
  return (
    <Stack gap="0.5">
      {notice.items.map((item) => (
        <Text key={item.invoiceId} textStyle="xs">
          <RecordLink kind="invoice" id={item.invoiceId}>
            {item.invoiceNumber}
          </RecordLink>{' '}
          {formatUsd(item.balance)} ·{' '}
          {item.daysOverdue > 0
            ? `${item.daysOverdue} days overdue`
            : item.daysOverdue === 0
              ? 'due today'
              : `due in ${-item.daysOverdue} days`}
        </Text>
      ))}
    </Stack>
  );
}

function NoticeRows({
  notices,
  actions,
}: {
  notices: DunningNotice[];
  actions: (notice: DunningNotice) => React.ReactNode;
}) {
  return (
    <Table.Body>
      {notices.map((notice) => (
        <Table.Row key={notice.id} data-testid={`dunning-row-${notice.id}`}>
          <Table.Cell ps="5">
            <Stack gap="0.5">
              <RecordLink kind="pharmacy" id={notice.pharmacy.id}>
                {notice.pharmacy.name}
              </RecordLink>
              <Text color="fg.muted" textStyle="xs">
                {notice.pharmacy.email}
              </Text>
            </Stack>
          </Table.Cell>
          <Table.Cell>Level {notice.level}</Table.Cell>
          <Table.Cell hideBelow="md">
            <Invoices notice={notice} />
          </Table.Cell>
          <Table.Cell textAlign="end" whiteSpace="nowrap">
            {formatUsd(notice.total)}
            {notice.fee ? (
              <Text color="fg.muted" textStyle="xs">
                + fee {formatUsd(notice.fee)}
              </Text>
            ) : null}
          </Table.Cell>
          <Table.Cell pe="5" textAlign="end">
            {actions(notice)}
          </Table.Cell>
        </Table.Row>
      ))}
    </Table.Body>
  );
}

function Header({ last }: { last: string }) {
  return (
    <Table.Header>
      <Table.Row>
        <Table.ColumnHeader ps="5">Pharmacy</Table.ColumnHeader>
        <Table.ColumnHeader>Level</Table.ColumnHeader>
        <Table.ColumnHeader hideBelow="md">Invoices</Table.ColumnHeader>
        <Table.ColumnHeader textAlign="end">Owed</Table.ColumnHeader>
        <Table.ColumnHeader pe="5" textAlign="end">
          {last}
        </Table.ColumnHeader>
      </Table.Row>
    </Table.Header>
  );
}

/**
 * Dunning (/dunning): the notices the daily run proposed (one per pharmacy, at the level due
 * today), each approved (its email goes to the outbox) or skipped; below, what became of the
 * earlier ones.
 */
export function DunningPage() {
  const can = useCan();
  const writes = can('dunning.write');
  const utils = trpc.useUtils();
  const due = trpc.dunning.due.useQuery();
  const history = trpc.dunning.list.useQuery({});
  const settings = trpc.dunning.settings.useQuery();
  const done = async () => {
    await Promise.all([utils.dunning.invalidate(), utils.emails.invalidate()]);
  };
  const approve = trpc.dunning.approve.useMutation({
    onSuccess: async (notice) => {
      notify.success(`The reminder to ${notice.pharmacy.name} is in the outbox`, 'Approved');
      await done();
    },
    onError: async (error) => {
      notify.error('Could not approve the notice', errorMessage(error));
      await done();
    },
  });
  const skip = trpc.dunning.skip.useMutation({
    onSuccess: done,
    onError: (error) => notify.error('Could not skip the notice', errorMessage(error)),
  });
  const sent = (history.data ?? []).filter((n) => n.status !== 'draft');

  return (
    <>
      <PageHeader
        title="Dunning"
        description="Reminders of overdue invoices: one per pharmacy, at the level due today. Approve to email it, or skip it."
      />
      {settings.data && !settings.data.enabled ? (
        <Text mb="4" color="fg.muted" textStyle="sm">
          Dunning is off: no notices are proposed. An admin turns it on in Settings.
        </Text>
      ) : null}
      <Panel title="To approve" titleId="dunning-due">
        {due.error ? (
          <Text p="5" color="fg.error">
            Failed to load the notices: {errorMessage(due.error)}
          </Text>
        ) : due.data && !due.data.length ? (
          <Text p="5" color="fg.muted" textStyle="sm">
            No reminders to approve.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-labelledby="dunning-due" data-testid="dunning-due">
              <Header last="Actions" />
              <NoticeRows
                notices={due.data ?? []}
                actions={(notice) =>
                  writes ? (
                    <HStack justify="flex-end" gap="2">
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="gray"
                        loading={skip.isPending && skip.variables?.id === notice.id}
                        onClick={() => skip.mutate({ id: notice.id })}
                      >
                        <LuSkipForward /> Skip
                      </Button>
                      <Button
                        size="xs"
                        loading={approve.isPending && approve.variables?.id === notice.id}
                        onClick={() => approve.mutate({ id: notice.id })}
                      >
                        <LuCheck /> Approve
                      </Button>
                    </HStack>
                  ) : null
                }
              />
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Panel>
      <Panel title="History" titleId="dunning-history" mt="6">
        {history.error ? (
          <Text p="5" color="fg.error">
            Failed to load the history: {errorMessage(history.error)}
          </Text>
        ) : history.data && !sent.length ? (
          <Text p="5" color="fg.muted" textStyle="sm">
            No reminders yet.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-labelledby="dunning-history" data-testid="dunning-history">
              <Header last="Status" />
              <NoticeRows
                notices={sent}
                actions={(notice) => (
                  <Stack gap="0.5" align="flex-end">
                    <StatusBadge
                      status={notice.status}
                      colors={NOTICE_PALETTE}
                      label={DUNNING_NOTICE_STATUS_LABELS[notice.status]}
                      data-testid="dunning-status"
                    />
                    {notice.email ? (
                      <StatusBadge
                        status={notice.email.status}
                        colors={EMAIL_STATUS_PALETTE}
                        label={`Email ${notice.email.status}`}
                      />
                    ) : null}
                    <Text color="fg.muted" textStyle="xs" whiteSpace="nowrap">
                      {formatMoment(notice.decidedAt ?? notice.createdAt)}
                    </Text>
                  </Stack>
                )}
              />
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Panel>
    </>
  );
}
