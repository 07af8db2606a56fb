import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { DialogActions } from './DialogActions';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  onConfirm: () => void;
  confirmLabel?: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  /** Red confirm button (default true: most confirmations are deletes). */
  destructive?: boolean;
}

/**
 * A confirmation dialog. Keyboard: the confirm button has focus when it opens, so Enter confirms;
 * Escape cancels. It cannot be dismissed while the action is pending.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  onConfirm,
  confirmLabel = 'Delete',
  pendingLabel,
  cancelLabel = 'Cancel',
  pending = false,
  destructive = true,
}: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || pending) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, a, textarea, input')) return;
    event.preventDefault();
    onConfirm();
  };

  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!pending) onOpenChange(details.open);
      }}
      closeOnEscape={!pending}
      closeOnInteractOutside={!pending}
      initialFocusEl={() => confirmRef.current}
      placement="center"
      size="sm"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content onKeyDown={onKeyDown} data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted" textStyle="sm">
                {message}
              </Text>
            </Dialog.Body>
            <DialogActions cancelLabel={cancelLabel} disabled={pending}>
              <Button
                ref={confirmRef}
                colorPalette={destructive ? 'red' : 'brand'}
                onClick={onConfirm}
                loading={pending}
                loadingText={pendingLabel ?? confirmLabel}
              >
                {confirmLabel}
              </Button>
            </DialogActions>
            <Dialog.CloseTrigger asChild disabled={pending}>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
