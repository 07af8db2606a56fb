import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { DialogActions } from './DialogActions';

/**
 * A dialog holding one form: a title, the fields, Cancel and one submit button. Enter in a field
 * submits; `pending` disables both buttons while the save runs. Its body unmounts when it closes.
 */
export function FormDialog({
  open,
  onClose,
  title,
  testId,
  onSubmit,
  pending,
  submitLabel,
  submitTestId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  submitTestId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="md"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <DialogActions disabled={pending}>
                <Button type="submit" loading={pending} data-testid={submitTestId}>
                  {submitLabel}
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
