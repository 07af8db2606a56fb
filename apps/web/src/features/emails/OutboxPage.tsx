import { lazy, Suspense, useState } from 'react';
import { Button, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { LuRefreshCw, LuSend } from 'react-icons/lu';
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, type EmailStatus } from '@pharm/validators';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { RecordLink } from '../records/RecordLink';
import { EMAIL_STATUS_PALETTE, formatMoment, kindLabel } from './format';

// The preview (its dialog's machine, tabs and HTML frame) loads at the first Preview.
const EmailPreviewDialog = lazy(() =>
  import('./EmailPreviewDialog').then((m) => ({ default: m.EmailPreviewDialog })),
);

/** While an email waits or is being sent, the list looks again every few seconds. */
const REFRESH_MS = 3000;

/** Send (held) or Retry (failed): queues it again for the sender. */
function useRetry() {
  const utils = trpc.useUtils();
  return trpc.emails.retry.useMutation({
    onSuccess: async () => {
      notify.success('The email is queued to be sent', 'Email queued');
      await utils.emails.invalidate();
    },
    onError: (error) => notify.error('Could not send the email', errorMessage(error)),
  });
}

/**
 * The outbox (/outbox): every email with its status: queued, sending, sent (accepted by the mail
 * server), failed (with the server's reply) or held (no mail server set up), a preview of each,
 * and Send or Retry.
 */
export function OutboxPage() {
  const [status, setStatus] = useState<EmailStatus | ''>('');
  const [previewing, setPreviewing] = useState<number | null>(null);
  // Mounted from the first preview on, so that it animates out.
  const [previewed, setPreviewed] = useState(false);
  if (previewing !== null && !previewed) setPreviewed(true);
  const emails = trpc.emails.list.useQuery(status ? { status } : {}, {
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.status === 'queued' || e.status === 'sending')
        ? REFRESH_MS
        : false,
  });
  const retry = useRetry();
  return (
    <>
      <PageHeader
        title="Outbox"
        description="Emails sent and waiting: an email counts as sent only once the mail server accepted it."
      />
      <Panel
        title="Emails"
        titleId="outbox-title"
        aside={
          <NativeSelect.Root size="sm" w="40">
            <NativeSelect.Field
              aria-label="Status"
              value={status}
              onChange={(event) => setStatus(event.target.value as EmailStatus | '')}
            >
              <option value="">All statuses</option>
              {EMAIL_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {EMAIL_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        }
      >
        {emails.error ? (
          <Text p="5" color="fg.error">
            Failed to load the outbox: {errorMessage(emails.error)}
          </Text>
        ) : emails.data && !emails.data.length ? (
          <Text p="5" color="fg.muted" textStyle="sm">
            No emails yet.
          </Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root
              size="sm"
              variant="line"
              aria-labelledby="outbox-title"
              data-testid="outbox"
            >
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader ps="5">Email</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">To</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">When</Table.ColumnHeader>
                  <Table.ColumnHeader pe="5" textAlign="end">
                    <Text srOnly>Actions</Text>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {(emails.data ?? []).map((email) => (
                  <Table.Row key={email.id} data-testid={`outbox-row-${email.id}`}>
                    <Table.Cell ps="5" minW="48">
                      <Stack gap="0.5">
                        <Text fontWeight="medium">{email.subject}</Text>
                        <Text color="fg.muted" textStyle="xs">
                          {kindLabel(email.kind)}
                          {email.entity?.type === 'invoice' ? (
                            <>
                              {' · '}
                              <RecordLink kind="invoice" id={email.entity.id}>
                                {email.entity.number ?? 'invoice'}
                              </RecordLink>
                            </>
                          ) : email.entity?.type === 'order' ? (
                            <>
                              {' · '}
                              <RecordLink kind="order" id={email.entity.id}>
                                {email.entity.number ?? 'order'}
                              </RecordLink>
                            </>
                          ) : email.entity?.type === 'credit_note' ? (
                            <>
                              {' · '}
                              <RecordLink kind="creditNote" id={email.entity.id}>
                                {email.entity.number ?? 'credit note'}
                              </RecordLink>
                            </>
                          ) : email.pharmacyId ? (
                            <>
                              {' · '}
                              <RecordLink kind="pharmacy" id={email.pharmacyId}>
                                pharmacy
                              </RecordLink>
                            </>
                          ) : null}
                        </Text>
                      </Stack>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" overflowWrap="anywhere">
                      {email.to.join(', ')}
                    </Table.Cell>
                    <Table.Cell>
                      <Stack gap="0.5" align="flex-start">
                        <StatusBadge
                          status={email.status}
                          colors={EMAIL_STATUS_PALETTE}
                          data-testid="outbox-status"
                        />
                        {email.lastError && email.status !== 'sent' ? (
                          <Text color="fg.error" textStyle="xs" maxW="64" lineClamp={2}>
                            {email.lastError}
                          </Text>
                        ) : null}
                        {email.attempts > 1 ? (
                          <Text color="fg.muted" textStyle="xs">
                            {email.attempts} tries
                          </Text>
                        ) : null}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell hideBelow="md" whiteSpace="nowrap" color="fg.muted">
                      {formatMoment(email.sentAt ?? email.createdAt)}
                    </Table.Cell>
                    <Table.Cell pe="5" textAlign="end">
                      <HStack justify="flex-end" gap="2">
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="gray"
                          onClick={() => setPreviewing(email.id)}
                        >
                          Preview
                        </Button>
                        {email.status === 'held' || email.status === 'failed' ? (
                          <Button
                            size="xs"
                            loading={retry.isPending && retry.variables?.id === email.id}
                            onClick={() => retry.mutate({ id: email.id })}
                          >
                            {email.status === 'held' ? (
                              <>
                                <LuSend /> Send
                              </>
                            ) : (
                              <>
                                <LuRefreshCw /> Retry
                              </>
                            )}
                          </Button>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Panel>
      {previewed ? (
        <Suspense fallback={null}>
          <EmailPreviewDialog id={previewing} onClose={() => setPreviewing(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
