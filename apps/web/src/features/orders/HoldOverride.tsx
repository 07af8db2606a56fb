import { useCallback, useRef, useState } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions';
import { errorMessage, errorStatus, serverFieldErrors } from '../../lib/errors';

/** The server's 409 for sending an order of a pharmacy on credit hold. */
export function isCreditHoldRefusal(error: unknown): boolean {
  return errorStatus(error) === 409 && /is on credit hold/.test(errorMessage(error));
}

/** A refusal the user may override with a reason, and the field the retry gives it in. */
export interface Override {
  field: 'holdOverrideReason' | 'licenceOverrideReason';
  title: string;
  action: string;
  message: string;
}

/**
 * The refusals a reason overrides: a credit hold (where the role may override one), and (for an
 * admin: the server names the field only then) a missing or expired state licence (issue 29).
 * Anything else is not overridable.
 */
export function overrideOf(error: unknown, mayOverrideHold: boolean): Override | null {
  const message = errorMessage(error);
  if (isCreditHoldRefusal(error) && mayOverrideHold) {
    return {
      field: 'holdOverrideReason',
      title: 'Send despite credit hold?',
      action: 'Override and Send',
      message,
    };
  }
  if (errorStatus(error) === 409 && serverFieldErrors(error).licenceOverrideReason) {
    return {
      field: 'licenceOverrideReason',
      title: 'Go ahead without a valid licence?',
      action: 'Override licence',
      message,
    };
  }
  return null;
}

/**
 * Runs `attempt` with the override reasons given so far; each overridable refusal asks for its
 * reason and tries again (a credit hold, then a licence). False: the user cancelled.
 */
export async function withOverrides(
  ask: (override: Override) => Promise<string | null>,
  attempt: (reasons: Partial<Record<Override['field'], string>>) => Promise<unknown>,
  mayOverrideHold: boolean,
): Promise<boolean> {
  const reasons: Partial<Record<Override['field'], string>> = {};
  for (;;) {
    try {
      await attempt(reasons);
      return true;
    } catch (error) {
      const override = overrideOf(error, mayOverrideHold);
      if (!override || reasons[override.field] !== undefined) throw error;
      const reason = await ask(override);
      if (reason === null) return false;
      reasons[override.field] = reason;
    }
  }
}

interface Question extends Override {
  answer: (reason: string | null) => void;
}

/**
 * Asks for the reason to go ahead despite a refusal (`overrideOf`): `ask(override)` resolves to
 * the reason, or null when the user cancels. Render `dialog` once.
 */
export function useHoldOverride() {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (override: Override) =>
      new Promise<string | null>((resolve) => setQuestion({ ...override, answer: resolve })),
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
          <Dialog.Content
            data-testid={
              question?.field === 'licenceOverrideReason'
                ? 'licence-override-dialog'
                : 'hold-override-dialog'
            }
          >
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                setTouched(true);
                if (!blank) finish(reason.trim());
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{question?.title}</Dialog.Title>
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
                    name={question?.field ?? 'holdOverrideReason'}
                    rows={3}
                    maxLength={1000}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    placeholder="Why this order may go out (kept in the activity log)"
                  />
                  <Field.ErrorText>
                    {question?.field === 'licenceOverrideReason'
                      ? 'Please give a reason to override the licence requirement.'
                      : 'Please give a reason to override the hold.'}
                  </Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <DialogActions>
                <Button type="submit" colorPalette="red">
                  {question?.action}
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
