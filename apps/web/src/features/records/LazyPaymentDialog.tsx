import { lazy, Suspense, useState, type ComponentProps } from 'react';

const PaymentDialog = lazy(() =>
  import('../payments/PaymentDialog').then((m) => ({ default: m.PaymentDialog })),
);

/**
 * The payment dialog of a record page, loaded on first use: its form, schemas and resolver are
 * not part of the page's first load. Once loaded it stays mounted, so that it animates out.
 */
export function LazyPaymentDialog(props: ComponentProps<typeof PaymentDialog>) {
  const [used, setUsed] = useState(false);
  if (props.target && !used) setUsed(true);
  return used || props.target ? (
    <Suspense fallback={null}>
      <PaymentDialog {...props} />
    </Suspense>
  ) : null;
}
