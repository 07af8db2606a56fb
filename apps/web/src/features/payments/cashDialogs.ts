import { lazyDialog } from '../../components/lazyDialog';

// The cash-application dialogs of the record pages (payment, credit note, pharmacy), each loaded
// at its first opening.
export const LazyApplyDialog = lazyDialog(() => import('./ApplyDialog').then((m) => m.ApplyDialog));
export const LazyRefundDialog = lazyDialog(() =>
  import('./RefundDialog').then((m) => m.RefundDialog),
);
export const LazyVoidAllocationDialog = lazyDialog(() =>
  import('./VoidAllocationDialog').then((m) => m.VoidAllocationDialog),
);
export const LazyPharmacyPaymentDialog = lazyDialog(() =>
  import('./PharmacyPaymentDialog').then((m) => m.PharmacyPaymentDialog),
);
