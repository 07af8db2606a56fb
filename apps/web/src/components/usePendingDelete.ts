import { useState } from 'react';

/**
 * The record a list is asking to delete and whether its confirmation is open. The record stays
 * after the dialog closes so that the message does not go blank during the closing animation.
 */
export function usePendingDelete<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    target,
    open,
    setOpen,
    ask: (record: T) => {
      setTarget(record);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
