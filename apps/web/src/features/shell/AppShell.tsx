import { useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  IconButton,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Text,
} from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuMenu, LuPlus } from 'react-icons/lu';
import { can } from '@pharm/validators/roles';
import { Logo } from '../../components/Logo';
import { loadToaster } from '../../lib/notify';
import type { User } from '../../lib/trpc';
import { GlobalSearch } from '../search/GlobalSearch';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';

const HEADER_HEIGHT = '16';
const SIDEBAR_WIDTH = '240px';

function MobileNav() {
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      placement="start"
      lazyMount
      unmountOnExit
    >
      <Drawer.Trigger asChild>
        <IconButton hideFrom="md" variant="ghost" aria-label="Open menu" me="-1">
          <LuMenu />
        </IconButton>
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

/** The frame of every signed-in screen: top bar, side menu, content. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  // Signed in, every change ends with a notice: load the toaster now, not with the first one.
  useEffect(() => {
    void loadToaster();
  }, []);
  return (
    <Box minH="100vh" bg="bg.app">
      <SkipNavLink>Skip to content</SkipNavLink>
      <Flex
        as="header"
        position="sticky"
        top="0"
        zIndex="sticky"
        h={HEADER_HEIGHT}
        align="center"
        gap={{ base: '2', md: '4' }}
        px={{ base: '3', md: '6' }}
        bg="bg.panel/90"
        backdropFilter="saturate(180%) blur(8px)"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <MobileNav />
        <Box w={{ md: `calc(${SIDEBAR_WIDTH} - 1.5rem)` }} flexShrink={0}>
          <Link to="/" aria-label="PharmSupply home">
            <Logo compact />
          </Link>
        </Box>
        <Flex flex="1" minW="0" hideBelow="sm">
          <GlobalSearch />
        </Flex>
        <Box flex="1" hideFrom="sm" />
        {can(user.role, 'orders.write') ? (
          <Button asChild size="sm" data-testid="new-order">
            <Link to="/orders/new">
              <LuPlus />
              <Text as="span">New Order</Text>
            </Link>
          </Button>
        ) : null}
        <UserMenu user={user} />
      </Flex>
      <Flex>
        <Box
          as="aside"
          hideBelow="md"
          w={SIDEBAR_WIDTH}
          flexShrink={0}
          position="sticky"
          top={HEADER_HEIGHT}
          h="calc(100vh - 4rem)"
          overflowY="auto"
          bg="bg.panel"
          borderRightWidth="1px"
          borderColor="border.muted"
          px="3"
          py="6"
        >
          <SideNav />
        </Box>
        <Box
          as="main"
          flex="1"
          minW="0"
          px={{ base: '4', md: '6', '2xl': '8' }}
          py={{ base: '6', md: '8' }}
        >
          <SkipNavContent />
          <Box maxW="7xl" mx="auto">
            {children}
          </Box>
        </Box>
      </Flex>
    </Box>
  );
}
