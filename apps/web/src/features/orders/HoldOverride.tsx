import { useCallback, useRef, useState } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage, errorStatus } from '../../lib/errors';

/** The server's 409 for sending an order of a pharmacy on credit hold. */
export function isCreditHoldRefusal(error: unknown): boolean {
  return errorStatus(error) === 409 && /is on credit hold/.test(errorMessage(error));
}

interface Question {
  message: string;
  answer: (reason: string | null) => void;
}

/**
 * Asks for the reason to send an order despite its pharmacy's credit hold: `ask(message)`
 * resolves to the reason, or null when the user cancels. Render `dialog` once.
 */
export function useHoldOverride() {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (message: string) =>
      new Promise<string | null>((resolve) => setQuestion({ message, answer: resolve })),
    [],
  );
  const close = (reason: string | null) => {
    question?.answer(reason);
    setQuestion(null);
  };
  return { ask, dialog: <HoldOverrideDialog question={question} onClose={close} /> };
}

function HoldOverrideDialog({
  question,
  onClose,
}: {
  question: Question | null;
  onClose: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const blank = reason.trim() === '';
  const finish = (value: string | null) => {
    setReason('');
    setTouched(false);
    onClose(value);
  };
  return (
    <Dialog.Root
      role="alertdialog"
      open={question !== null}
      onOpenChange={(details) => {
        if (!details.open) finish(null);
      }}
      initialFocusEl={() => textarea.current}
      placement="center"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="hold-override-dialog">
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                setTouched(true);
                if (!blank) finish(reason.trim());
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Send despite credit hold?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="red.600" textStyle="sm" mb="4">
                  {question?.message}
                </Text>
                <Field.Root invalid={touched && blank} required>
                  <Field.Label>
                    Override reason <Field.RequiredIndicator />
                  </Field.Label>
                  <Textarea
                    ref={textarea}
                    name="holdOverrideReason"
                    rows={3}
                    maxLength={1000}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    placeholder="Why this order may go out (kept in the activity log)"
                  />
                  <Field.ErrorText>Please give a reason to override the hold.</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <DialogActions>
                <Button type="submit" colorPalette="red">
                  Override and Send
                </Button>
              </DialogActions>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
