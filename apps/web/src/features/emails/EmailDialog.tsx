import { useEffect, useState } from 'react';
import {
  Button,
  CloseButton,
  Dialog,
  Input,
  Portal,
  Skeleton,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { LuSend } from 'react-icons/lu';
import { DialogActions } from '../../components/DialogActions';
import { FormField } from '../../components/FormField';
import { errorMessage, serverFieldErrors } from '../../lib/errors';

export interface EmailDraft {
  to: string[];
  subject: string;
  bodyText: string;
}

export interface EmailFields {
  to: string;
  cc: string;
  subject: string;
  message: string;
}

/** The server's messages by field, whether it named them `cc` or `data.cc`. */
function fieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(serverFieldErrors(error)).map(([path, message]) => [
      path.replace(/^data\./, '').replace(/^recipients$/, 'to'),
      message,
    ]),
  );
}

/**
 * The Email dialogs (invoice, statement): To (the billing email unless changed), Cc, Subject and
 * a note that goes into the template's text; below, the text as the template writes it. `send`
 * queues the email; the outbox sends it.
 */
export function EmailDialog({
  open,
  onClose,
  title,
  draft,
  draftError,
  attachment,
  send,
  pending,
  error,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  draft: EmailDraft | undefined;
  draftError: unknown;
  /** What goes with it, e.g. 'invoice-INV-2026-00012.pdf'. */
  attachment: string;
  send: (fields: EmailFields) => void;
  pending: boolean;
  error: unknown;
}) {
  const [fields, setFields] = useState<EmailFields>({ to: '', cc: '', subject: '', message: '' });
  useEffect(() => {
    if (draft && open) {
      setFields({ to: draft.to.join(', '), cc: '', subject: draft.subject, message: '' });
    }
  }, [draft, open]);
  const errors = fieldErrors(error);
  const set = (name: keyof EmailFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !pending) onClose();
      }}
      placement="center"
      size="lg"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="email-dialog">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send(fields);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {draftError ? (
                  <Text color="fg.error" textStyle="sm">
                    Failed to prepare the email: {errorMessage(draftError)}
                  </Text>
                ) : !draft ? (
                  <Stack gap="3" aria-busy="true">
                    <Skeleton h="8" />
                    <Skeleton h="8" />
                    <Skeleton h="24" />
                  </Stack>
                ) : (
                  <Stack gap="4">
                    <FormField label="To" error={errors.to} required>
                      <Input value={fields.to} onChange={set('to')} name="to" />
                    </FormField>
                    <FormField label="Cc" error={errors.cc}>
                      <Input
                        value={fields.cc}
                        onChange={set('cc')}
                        name="cc"
                        placeholder="Addresses separated by commas"
                      />
                    </FormField>
                    <FormField label="Subject" error={errors.subject}>
                      <Input value={fields.subject} onChange={set('subject')} name="subject" />
                    </FormField>
                    <FormField label="Message" error={errors.message}>
                      <Textarea
                        value={fields.message}
                        onChange={set('message')}
                        name="message"
                        rows={3}
                        placeholder="A note added to the email's text (optional)"
                      />
                    </FormField>
                    <Stack gap="1">
                      <Text textStyle="xs" color="fg.muted">
                        The email&apos;s text · attached: {attachment}
                      </Text>
                      <Text
                        as="pre"
                        textStyle="sm"
                        whiteSpace="pre-wrap"
                        bg="bg.muted"
                        p="3"
                        borderRadius="md"
                        data-testid="email-dialog-preview"
                      >
                        {draft.bodyText}
                      </Text>
                    </Stack>
                    {error && !Object.keys(errors).length ? (
                      <Text color="fg.error" textStyle="sm">
                        {errorMessage(error)}
                      </Text>
                    ) : null}
                  </Stack>
                )}
              </Dialog.Body>
              <DialogActions disabled={pending}>
                <Button type="submit" loading={pending} loadingText="Sending..." disabled={!draft}>
                  <LuSend /> Send
                </Button>
              </DialogActions>
            </form>
            <Dialog.CloseTrigger asChild disabled={pending}>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
