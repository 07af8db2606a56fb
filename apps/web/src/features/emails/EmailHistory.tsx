import { lazy, Suspense, useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Can } from '../auth/can';
import { EMAIL_STATUS_LABELS, type EmailListQuery } from '@pharm/validators';
import { EMAIL_STATUS_PALETTE, formatMoment } from './format';

// Loaded on the first Preview, then kept mounted so that it animates out (apps/web/README.md).
const EmailPreviewDialog = lazy(() =>
  import('./EmailPreviewDialog').then((m) => ({ default: m.EmailPreviewDialog })),
);

interface RecordEmails {
  entityType: NonNullable<EmailListQuery['entityType']>;
  entityId: number;
}

/** What a record's page says of its emails: when, to whom, and whether the server took it. */
function EmailList({ entityType, entityId }: RecordEmails) {
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [previewed, setPreviewed] = useState(false);
  if (previewing !== null && !previewed) setPreviewed(true);
  const emails = trpc.emails.list.useQuery({ entityType, entityId, limit: 20 });
  if (emails.error) {
    return <Text color="fg.error">Failed to load the emails: {errorMessage(emails.error)}</Text>;
  }
  if (!emails.data) return null;
  if (!emails.data.length) {
    return (
      <Text color="fg.muted" textStyle="sm">
        Not emailed yet.
      </Text>
    );
  }
  return (
    <Stack gap="2" textStyle="sm" data-testid="record-emails">
      {emails.data.map((email) => (
        <HStack key={email.id} gap="2" wrap="wrap">
          <StatusBadge
            status={email.status}
            colors={EMAIL_STATUS_PALETTE}
            label={EMAIL_STATUS_LABELS[email.status]}
          />
          <Text>
            {email.status === 'sent'
              ? `Delivered to the mail server for ${email.to.join(', ')} on ${formatMoment(email.sentAt!)}`
              : `To ${email.to.join(', ')}, ${formatMoment(email.createdAt)}`}
            {email.status === 'failed' && email.lastError ? `: ${email.lastError}` : ''}
          </Text>
          <Button size="2xs" variant="ghost" onClick={() => setPreviewing(email.id)}>
            Preview
          </Button>
        </HStack>
      ))}
      {previewed ? (
        <Suspense fallback={null}>
          <EmailPreviewDialog id={previewing} onClose={() => setPreviewing(null)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

/** The emails of a record, for roles that read the outbox. */
export function EmailHistory(props: RecordEmails) {
  return (
    <Can
      permission="emails.read"
      fallback={
        <Text color="fg.muted" textStyle="sm">
          Your role does not show emails.
        </Text>
      }
    >
      <EmailList {...props} />
    </Can>
  );
}
