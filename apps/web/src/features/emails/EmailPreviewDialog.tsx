import { CloseButton, Dialog, Portal, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { HtmlPreview } from './HtmlPreview';
import { EMAIL_STATUS_PALETTE, formatMoment } from './format';

/** One email as it was (or will be) sent: headers, the HTML and text bodies, the attachments. */
export function EmailPreviewDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const email = trpc.emails.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const current = email.data;
  return (
    <Dialog.Root
      open={id !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="xl"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="email-preview">
            <Dialog.Header>
              <Dialog.Title>{current?.subject ?? 'Email'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {email.error ? (
                <Text color="fg.error">Failed to load: {errorMessage(email.error)}</Text>
              ) : !current ? (
                <Skeleton h="40" />
              ) : (
                <Stack gap="3" textStyle="sm">
                  <Stack gap="0.5">
                    <Text>
                      <b>To:</b> {current.to.join(', ')}
                    </Text>
                    {current.cc.length ? (
                      <Text>
                        <b>Cc:</b> {current.cc.join(', ')}
                      </Text>
                    ) : null}
                    <Text>
                      <b>Status:</b>{' '}
                      <StatusBadge status={current.status} colors={EMAIL_STATUS_PALETTE} />
                      {current.sentAt ? ` · sent ${formatMoment(current.sentAt)}` : null}
                    </Text>
                    {current.lastError ? (
                      <Text color="fg.error">
                        <b>Server reply:</b> {current.lastError}
                      </Text>
                    ) : null}
                    <Text>
                      <b>Attachments:</b>{' '}
                      {current.attachments.length
                        ? current.attachments
                            .map((a) =>
                              a.sha256
                                ? `${a.filename} (${Math.ceil((a.size ?? 0) / 1024)} KB, sha256 ${a.sha256.slice(0, 12)}…)`
                                : `${a.kind === 'invoice-pdf' ? 'Invoice PDF' : 'Statement PDF'} (rendered when sent)`,
                            )
                            .join(', ')
                        : 'none'}
                    </Text>
                  </Stack>
                  <Tabs.Root defaultValue="html" size="sm" variant="line">
                    <Tabs.List>
                      <Tabs.Trigger value="html">HTML</Tabs.Trigger>
                      <Tabs.Trigger value="text">Text</Tabs.Trigger>
                    </Tabs.List>
                    <Tabs.Content value="html">
                      <HtmlPreview label="The email's HTML" html={current.bodyHtml} maxH="72" />
                    </Tabs.Content>
                    <Tabs.Content value="text">
                      <Text as="pre" whiteSpace="pre-wrap" bg="bg.muted" p="3" borderRadius="md">
                        {current.bodyText}
                      </Text>
                    </Tabs.Content>
                  </Tabs.Root>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
