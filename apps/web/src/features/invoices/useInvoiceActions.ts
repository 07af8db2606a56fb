import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { openPdfTab } from '../../lib/open-pdf';
import { trpc } from '../../lib/trpc';

/** The invoice's PDF in a new tab at its download path (spec §2). */
const openInvoicePdf = (id: number) => openPdfTab(`/api/invoices/${id}/download`);

/** Mark Paid and Download PDF with the spec's toasts: the list's actions (ListScreen.tsx). */
export function useInvoiceActions() {
  const utils = trpc.useUtils();
  const [opening, setOpening] = useState<number | null>(null);

  const setStatus = trpc.invoices.update.useMutation({
    onSuccess: async () => {
      notify.success('Invoice status updated successfully');
      await Promise.all([
        utils.invoices.invalidate(),
        utils.payments.invalidate(),
        utils.pharmacies.invalidate(),
      ]);
    },
    onError: (error) => notify.error('Error', `Failed to update invoice: ${errorMessage(error)}`),
  });

  // Stable callbacks: the list's memoised rows receive them.
  const openPdf = useCallback(async (invoice: { id: number }) => {
    setOpening(invoice.id);
    try {
      await openInvoicePdf(invoice.id);
    } catch {
      notify.error('Error', 'Failed to download invoice');
    } finally {
      setOpening(null);
    }
  }, []);
  const { mutate } = setStatus;
  const markPaid = useCallback((id: number) => mutate({ id, data: { status: 'Paid' } }), [mutate]);

  const markingId = setStatus.isPending ? setStatus.variables?.id : undefined;

  return {
    /**
     * What a list row's buttons and the details dialog need: whether the invoice's own Mark Paid or
     * PDF is in flight, and the actions.
     */
    rowState: (invoice: { id: number }) => ({
      marking: markingId === invoice.id,
      markPaid,
      opening: opening === invoice.id,
      openPdf,
    }),
  };
}

export type InvoiceRowState = ReturnType<ReturnType<typeof useInvoiceActions>['rowState']>;
