import type { ReactNode } from 'react';
import { Button, Dialog } from '@chakra-ui/react';

/**
 * A dialog's footer: Cancel, which closes the dialog as Escape does (through its `onOpenChange`),
 * then the dialog's own actions. `disabled` while one of them is pending.
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  disabled = false,
  children,
}: {
  cancelLabel?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" colorPalette="gray" disabled={disabled}>
          {cancelLabel}
        </Button>
      </Dialog.ActionTrigger>
      {children}
    </Dialog.Footer>
  );
}
