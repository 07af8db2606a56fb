import { useRef, type PointerEvent } from 'react';
import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
} from '@chakra-ui/react';

/** Spec §9: one toast at a time, 5000 ms, F8 moves focus to the toast region. */
export const TOAST_DURATION = 5000;
export const SWIPE_THRESHOLD = 50;

export const toaster = createToaster({
  // Top centre, under the top bar: in a corner it covered the page's primary buttons.
  placement: 'top',
  offsets: { top: '72px', right: '24px', bottom: '24px', left: '24px' },
  max: 1,
  duration: TOAST_DURATION,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
  removeDelay: 150,
});

/** Swipe (or drag) a toast to the right by more than 50 px to dismiss it. */
function useSwipeToDismiss(id: string | undefined) {
  const start = useRef<{ x: number; pointerId: number } | null>(null);

  const reset = (el: HTMLElement) => {
    el.style.transform = '';
    el.style.transition = '';
  };

  return {
    onPointerDown(event: PointerEvent<HTMLDivElement>) {
      if (event.button !== 0) return;
      if ((event.target as HTMLElement).closest('button, a')) return;
      start.current = { x: event.clientX, pointerId: event.pointerId };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      const dx = Math.max(0, event.clientX - start.current.x);
      event.currentTarget.style.transition = 'none';
      event.currentTarget.style.transform = `translateX(${dx}px)`;
    },
    onPointerUp(event: PointerEvent<HTMLDivElement>) {
      if (!start.current || start.current.pointerId !== event.pointerId) return;
      const dx = event.clientX - start.current.x;
      start.current = null;
      const el = event.currentTarget;
      if (dx > SWIPE_THRESHOLD && id) {
        el.style.transition = 'transform 150ms ease-out, opacity 150ms ease-out';
        el.style.transform = 'translateX(110%)';
        toaster.dismiss(id);
      } else {
        reset(el);
      }
    },
    onPointerCancel(event: PointerEvent<HTMLDivElement>) {
      start.current = null;
      reset(event.currentTarget);
    },
  };
}

function SwipeableToast({ toast }: { toast: Parameters<typeof toaster.create>[0] }) {
  const swipe = useSwipeToDismiss(toast.id);
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      touchAction="pan-y"
      cursor="default"
      data-testid="toast"
      {...swipe}
    >
      {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
      <Stack gap="1" flex="1" maxWidth="100%">
        {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
        {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
      </Stack>
      {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
      <Toast.CloseTrigger aria-label="Dismiss notification" />
    </Toast.Root>
  );
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => <SwipeableToast toast={toast} />}
      </ChakraToaster>
    </Portal>
  );
}
