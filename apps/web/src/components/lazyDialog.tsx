import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog loaded on its first opening (as LazyPaymentDialog does): its code is not part of the
 * page's first load. `isOpen` says from its props whether it is asked to show (`target` set, by
 * default). Once loaded it stays mounted, so that it animates out.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = (props) => Boolean((props as { target?: unknown }).target),
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    const [used, setUsed] = useState(false);
    const open = isOpen(props);
    if (open && !used) setUsed(true);
    if (!used && !open) return null;
    const Loaded = Dialog as unknown as ComponentType<P>;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
