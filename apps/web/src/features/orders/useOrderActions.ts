import { useCallback, useState } from 'react';
import type { OrderStatus } from '@pharm/validators';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { downloadOrderPdf } from './download';

/** Status changes and PDF downloads, with the spec's toasts; shared by the list and the details dialog. */
export function useOrderActions() {
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState<number | null>(null);

  const setStatus = trpc.orders.update.useMutation({
    onSuccess: async () => {
      notify.success('Order updated successfully');
      await utils.orders.invalidate();
    },
    onError: (error) => notify.error('Error', `Failed to update order: ${errorMessage(error)}`),
  });

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
  const { mutate } = setStatus;
  const changeStatus = useCallback(
    (id: number, status: OrderStatus) => mutate({ id, data: { status } }),
    [mutate],
  );

  return {
    changeStatus,
    /** The order whose status change is in flight. */
    changingId: setStatus.isPending ? setStatus.variables?.id : undefined,
    download,
    downloadingId: downloading,
  };
}
