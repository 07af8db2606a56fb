import { useState, type ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

/**
 * The frame of a cash dialog (apply, refund, void, record for a pharmacy): open while `target`
 * is set, its body mounted each time it opens and kept on the last target while it animates out.
 */
export function FormDialog<T>({
  target,
  onClose,
  testId,
  size = 'md',
  children,
}: {
  target: T | null;
  onClose: () => void;
  testId: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: (target: T) => ReactNode;
}) {
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const current = target ?? shown;
  return (
    <Dialog.Root
      open={target !== null}
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
            {current ? children(current) : null}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog's form as a column, so that with `scrollBehavior="inside"` its body scrolls between
 * the header and the buttons on a short screen.
 */
export const DIALOG_FORM = {
  display: 'flex',
  flexDirection: 'column',
  flex: '1',
  minH: '0',
  noValidate: true,
} as const;

/** Its header's title above its description, not beside it. */
export const DIALOG_HEADER = {
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '1',
} as const;
