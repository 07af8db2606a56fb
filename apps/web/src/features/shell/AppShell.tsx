import type { ReactNode } from 'react';
import { Box, Button, Flex, SkipNavContent, SkipNavLink, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { LuPlus } from 'react-icons/lu';
import { can } from '@pharm/validators/roles';
import { LoadOnIntent } from '../../components/LoadOnIntent';
import { Logo } from '../../components/Logo';
import type { User } from '../../lib/trpc';
import { GlobalSearch } from '../search/GlobalSearch';
import { MobileNavButton } from './MobileNavButton';
import { SideNav } from './SideNav';
import { UserMenuButton } from './UserMenuButton';

// The menu's and the drawer's machines load when the user reaches for them, not with the frame.
const loadUserMenu = () => import('./UserMenu').then((module) => module.UserMenu);
const loadMobileNav = () => import('./MobileNav').then((module) => module.MobileNav);

const HEADER_HEIGHT = '16';
const SIDEBAR_WIDTH = '240px';

/** The frame of every signed-in screen: top bar, side menu, content. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
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
        <LoadOnIntent
          load={loadMobileNav}
          props={{}}
          placeholder={(handlers) => <MobileNavButton {...handlers} />}
        />
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
        <LoadOnIntent
          load={loadUserMenu}
          props={{ user }}
          placeholder={(handlers) => <UserMenuButton user={user} {...handlers} />}
        />
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
