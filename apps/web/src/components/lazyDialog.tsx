import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog loaded on its first opening (as LazyPaymentDialog does): its code is not part of the
 * page's first load. Once loaded it stays mounted, so that it animates out.
 */
export function lazyDialog<P extends { target: unknown }>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [used, setUsed] = useState(false);
    if (props.target && !used) setUsed(true);
    if (!used && !props.target) return null;
    const Loaded = Dialog as unknown as ComponentType<P>;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
