import { useRef, useState } from 'react';
import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { DialogActions } from '../../components/DialogActions';
import type { Question } from './HoldOverride';

/** The question of useHoldOverride (HoldOverride.tsx), loaded when first asked. */
export function HoldOverrideDialog({
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
