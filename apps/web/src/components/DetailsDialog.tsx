import { useState, type ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

/**
 * The record a details dialog shows: the last non-null `record`, so the dialog keeps its content
 * while it animates out after `record` became null.
 */
export function useLastShown<T>(record: T | null) {
  const [shown, setShown] = useState(record);
  if (record && record !== shown) setShown(record);
  return shown;
}

/**
 * A read-only dialog about one record, closed by its close button, Escape or a click outside.
 * `children` are its header, body and footer.
 */
export function DetailsDialog({
  open,
  onClose,
  size,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  size: 'lg' | 'xl';
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={size}
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
