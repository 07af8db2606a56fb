import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { chakra, Portal, useSlotRecipe, type HTMLChakraProps } from '@chakra-ui/react';

/** Spec §9: tooltips open after 700 ms and close (skip) after 300 ms. */
export const TOOLTIP_OPEN_DELAY = 700;
export const TOOLTIP_CLOSE_DELAY = 300;

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement;
  contentProps?: HTMLChakraProps<'div'>;
  disabled?: boolean;
  openDelay?: number;
  closeDelay?: number;
}

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
  onClick?: (event: MouseEvent) => void;
  'aria-describedby'?: string;
};

/**
 * A tooltip in Chakra's tooltip style, above its trigger (`children`, one element that takes a
 * ref and pointer and focus handlers). Written without Chakra's tooltip machine and its
 * positioning library: a list row has five, and those were part of every list's first load.
 * Opens after `openDelay` on hover, at once on keyboard focus; Escape, a click, leaving or blur
 * close it, and a click keeps it closed until the pointer leaves or focus moves on (a dialog the
 * click opened would otherwise get the tooltip over it, its backdrop hiding the pointer's exit).
 */
export function Tooltip({
  content,
  children,
  contentProps,
  disabled,
  openDelay = TOOLTIP_OPEN_DELAY,
  closeDelay = TOOLTIP_CLOSE_DELAY,
}: TooltipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const clicked = useRef(false);

  // A list row has five tooltips, a screen some two hundred, unmounted at each navigation:
  // clearTimeout only where a timer was set.
  useEffect(
    () => () => {
      if (timer.current !== undefined) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(() => {
    if (!anchor) return;
    const close = () => setAnchor(null);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', close, true);
    };
  }, [anchor]);

  if (disabled || !isValidElement<TriggerProps>(children)) return children;
  const own = children.props;

  const openLater = (target: Element, delay: number) => {
    clearTimeout(timer.current);
    if (clicked.current) return;
    timer.current = setTimeout(() => setAnchor(target.getBoundingClientRect()), delay);
  };
  const closeLater = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnchor(null), delay);
  };

  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? id : own['aria-describedby'],
    onPointerEnter: (event: PointerEvent) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') openLater(event.currentTarget, openDelay);
    },
    onPointerLeave: (event: PointerEvent) => {
      own.onPointerLeave?.(event);
      clicked.current = false;
      closeLater(closeDelay);
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) openLater(event.currentTarget, 0);
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      clicked.current = false;
      clearTimeout(timer.current);
      setAnchor(null);
    },
    onClick: (event: MouseEvent) => {
      own.onClick?.(event);
      clicked.current = true;
      clearTimeout(timer.current);
      setAnchor(null);
    },
  });

  return (
    <>
      {trigger}
      {anchor ? (
        <TooltipContent id={id} anchor={anchor} {...contentProps}>
          {content}
        </TooltipContent>
      ) : null}
    </>
  );
}

/**
 * The open tooltip, above `anchor`. Chakra's tooltip recipe is resolved here, when one opens, not
 * for every trigger at every render of a list's rows.
 */
function TooltipContent({
  id,
  anchor,
  children,
  ...props
}: { id: string; anchor: DOMRect } & HTMLChakraProps<'div'>) {
  const styles = useSlotRecipe({ key: 'tooltip' })({});
  return (
    <Portal>
      <chakra.div
        position="fixed"
        zIndex="tooltip"
        top={`${anchor.top - 6}px`}
        left={`${anchor.left + anchor.width / 2}px`}
        transform="translate(-50%, -100%)"
        pointerEvents="none"
      >
        <chakra.div
          id={id}
          role="tooltip"
          data-scope="tooltip"
          data-part="content"
          data-state="open"
          css={styles.content}
          {...props}
        >
          {children}
        </chakra.div>
      </chakra.div>
    </Portal>
  );
}
