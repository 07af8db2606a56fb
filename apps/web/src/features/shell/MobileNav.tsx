import { useEffect, useRef, useState } from 'react';
import { Box, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { Logo } from '../../components/Logo';
import type { IntentProps } from '../../components/LoadOnIntent';
import { GlobalSearch } from '../search/GlobalSearch';
import { MobileNavButton } from './MobileNavButton';
import { SideNav } from './SideNav';

/** The phone's side menu in a drawer, loaded when the user reaches for its button (AppShell). */
export function MobileNav({ defaultOpen, autoFocus }: IntentProps) {
  const [open, setOpen] = useState(defaultOpen);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) trigger.current?.focus();
  }, [autoFocus]);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="start"
      lazyMount
      unmountOnExit
    >
      <Drawer.Trigger asChild>
        <MobileNavButton ref={trigger} />
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72">
            <Drawer.Header borderBottomWidth="1px" borderColor="border.muted" py="4">
              <Logo />
              {/* The dialog's name (axe's aria-dialog-name); the logo says the rest. */}
              <Drawer.Title srOnly>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="3" py="5">
              <Box hideFrom="sm" mb="5">
                <GlobalSearch />
              </Box>
              <SideNav onNavigate={() => setOpen(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
