import { forwardRef, useState, type ReactNode, type RefObject } from 'react';
import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react';

/** Spec §9: tooltips open after 700 ms and close (skip) after 300 ms. */
export const TOOLTIP_OPEN_DELAY = 700;
export const TOOLTIP_CLOSE_DELAY = 300;

export interface TooltipProps extends ChakraTooltip.RootProps {
  showArrow?: boolean;
  portalled?: boolean;
  portalRef?: RefObject<HTMLElement | null>;
  content: ReactNode;
  contentProps?: ChakraTooltip.ContentProps;
  disabled?: boolean;
}

export const Tooltip = forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(props, ref) {
  const {
    showArrow,
    children,
    disabled,
    portalled = true,
    content,
    contentProps,
    portalRef,
    openDelay = TOOLTIP_OPEN_DELAY,
    closeDelay = TOOLTIP_CLOSE_DELAY,
    ...rest
  } = props;

  // The portal and the content wait for the first opening: a 50-row list has 250 row-action
  // tooltips, and mounting a portal for each weighed on its render.
  const [opened, setOpened] = useState(false);
  // A click ends the tooltip until the pointer leaves or focus moves on. Without this, the open
  // delay that the pointer's arrival started ran on past a click that opened a dialog, and the
  // tooltip opened over the dialog and stayed: the dialog's backdrop kept the trigger from ever
  // seeing the pointer leave.
  const [clicked, setClicked] = useState(false);

  if (disabled) return children;

  return (
    <ChakraTooltip.Root
      openDelay={openDelay}
      closeDelay={closeDelay}
      {...rest}
      disabled={clicked}
      onOpenChange={(details) => {
        if (details.open) setOpened(true);
        rest.onOpenChange?.(details);
      }}
    >
      <ChakraTooltip.Trigger
        asChild
        onClick={() => setClicked(true)}
        onPointerLeave={() => setClicked(false)}
        onBlur={() => setClicked(false)}
      >
        {children}
      </ChakraTooltip.Trigger>
      {opened ? (
        <Portal disabled={!portalled} container={portalRef}>
          <ChakraTooltip.Positioner>
            <ChakraTooltip.Content ref={ref} {...contentProps}>
              {showArrow ? (
                <ChakraTooltip.Arrow>
                  <ChakraTooltip.ArrowTip />
                </ChakraTooltip.Arrow>
              ) : null}
              {content}
            </ChakraTooltip.Content>
          </ChakraTooltip.Positioner>
        </Portal>
      ) : null}
    </ChakraTooltip.Root>
  );
});
