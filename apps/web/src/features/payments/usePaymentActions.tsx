import { useCallback, useEffect, useState } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { PaymentListItem } from './format';
import { LazyPaymentDialog } from '../records/LazyPaymentDialog';
import type { PaymentDialogTarget } from './PaymentDialog';

const routeApi = getRouteApi('/_app/payments/');

/**
 * The payments list's actions (ListScreen.tsx): Record Payment and each payment's Edit open the
 * payment dialog.
 */
export function usePaymentActions() {
  const navigate = useNavigate();
  const { record } = routeApi.useSearch();
  const [dialog, setDialog] = useState<PaymentDialogTarget | null>(null);
  // Stable, for the memoised rows.
  const edit = useCallback((payment: PaymentListItem) => setDialog({ mode: 'edit', payment }), []);

  // "Record payment" on an invoice links here with ?record={invoiceId}: the dialog opens on it,
  // and the param goes so that closing the dialog, or a reload, does not open it again.
  useEffect(() => {
    if (record === undefined) return;
    setDialog({ mode: 'record', invoiceId: record });
    void navigate({ to: '.', search: (prev) => ({ ...prev, record: undefined }), replace: true });
  }, [record, navigate]);

  return {
    rowState: () => ({ edit }),
    newRecord: { label: 'Record Payment', onClick: () => setDialog({ mode: 'record' }) },
    dialogs: <LazyPaymentDialog target={dialog} onClose={() => setDialog(null)} />,
  };
}

export type PaymentRowState = ReturnType<ReturnType<typeof usePaymentActions>['rowState']>;
