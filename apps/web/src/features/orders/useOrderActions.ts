import { useCallback, useState } from 'react';
import type { OrderStatus } from '@pharm/validators';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { downloadOrderPdf } from './download';
import { useCan } from '../auth/can';
import { useHoldOverride, withOverrides } from './HoldOverride';

/** Status changes and PDF downloads, with the spec's toasts: the list's actions (ListScreen.tsx). */
export function useOrderActions() {
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState<number | null>(null);

  const holdOverride = useHoldOverride();
  const mayOverride = useCan()('creditHold.override');
  const setStatus = trpc.orders.update.useMutation();

  // Stable callbacks: the list's memoised rows receive them.
  const download = useCallback(async (order: { id: number; orderNumber: string }) => {
    setDownloading(order.id);
    try {
      await downloadOrderPdf(order);
      notify.success('Order downloaded successfully');
    } catch {
      notify.error('Error', 'Failed to download order');
    } finally {
      setDownloading(null);
    }
  }, []);
  const { mutateAsync } = setStatus;
  const { ask } = holdOverride;
  // Sending for a pharmacy on credit hold is refused, and sending or fulfilling without a valid
  // licence; a role that may override the hold, or an admin a missing state licence, gives a
  // reason.
  const changeStatus = useCallback(
    async (id: number, status: OrderStatus) => {
      try {
        const done = await withOverrides(
          ask,
          (reasons) => mutateAsync({ id, data: { status, ...reasons } }),
          mayOverride,
        );
        if (!done) return;
        notify.success('Order updated successfully');
        await utils.orders.invalidate();
      } catch (error) {
        notify.error('Error', `Failed to update order: ${errorMessage(error)}`);
      }
    },
    [mutateAsync, ask, utils, mayOverride],
  );

  const changingId = setStatus.isPending ? setStatus.variables?.id : undefined;

  return {
    /**
     * What a list row's buttons and the details dialog need: whether the order's own change or
     * download is in flight, and the actions.
     */
    rowState: (order: { id: number }) => ({
      changing: changingId === order.id,
      downloading: downloading === order.id,
      download,
      changeStatus,
    }),
    /** The override dialog (credit hold, licence). */
    dialogs: holdOverride.dialog,
  };
}

export type OrderRowState = ReturnType<ReturnType<typeof useOrderActions>['rowState']>;
