import { useCallback, useState } from 'react';

/**
 * The record a list is asking to delete and whether its confirmation is open. The record stays
 * after the dialog closes so that the message does not go blank during the closing animation.
 */
export function usePendingDelete<T>() {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  // Stable, so that memoised list rows can take it.
  const ask = useCallback((record: T) => {
    setTarget(record);
    setOpen(true);
  }, []);
  return {
    target,
    open,
    setOpen,
    ask,
    close: () => setOpen(false),
  };
}
