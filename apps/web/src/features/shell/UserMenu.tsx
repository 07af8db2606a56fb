import { Avatar, Box, Button, Menu, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import {
  LuBookOpen,
  LuChevronDown,
  LuKeyRound,
  LuLogOut,
  LuSettings,
  LuUsers,
} from 'react-icons/lu';
import { can, ROLE_LABELS } from '@pharm/validators/roles';
import type { User } from '../../lib/trpc';
import { useLogout } from '../auth/useLogout';
import { fullName, userInitial } from './user';

export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const name = fullName(user);
  const display = name || user.email;

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      {/* Named by the user's name, as it reads (axe's label-content-name-mismatch: a label
          other than the visible text would hide it from speech input); the initial beside it
          is decoration, and where the name does not fit only a screen reader reads it. */}
      <Menu.Trigger asChild>
        <Button variant="ghost" colorPalette="gray" px="1.5" gap="2" data-testid="user-menu">
          <Avatar.Root size="xs" colorPalette="brand" variant="solid" aria-hidden>
            <Avatar.Fallback>{userInitial(user)}</Avatar.Fallback>
          </Avatar.Root>
          <Text as="span" hideBelow="md" maxW="40" truncate fontWeight="medium" textStyle="sm">
            {display}
          </Text>
          <Box as="span" srOnly hideFrom="md">
            {display}
          </Box>
          <Box as="span" color="fg.muted" display={{ base: 'none', md: 'inline' }}>
            <LuChevronDown />
          </Box>
        </Button>
      </Menu.Trigger>
      {/* In the header's landmark, not a portal: its name and email are page content too
          (axe's region rule). */}
      <Menu.Positioner>
        <Menu.Content minW="64" data-testid="user-menu-content">
          <Menu.ItemGroup>
            <Menu.ItemGroupLabel>My Account</Menu.ItemGroupLabel>
            <Box px="2" pb="2">
              {name ? (
                <Text fontWeight="medium" textStyle="sm" truncate>
                  {name}
                </Text>
              ) : null}
              <Text textStyle="xs" color="fg.muted" truncate>
                {user.email}
              </Text>
              <Text textStyle="xs" color="fg.muted" data-testid="user-role">
                {ROLE_LABELS[user.role]}
              </Text>
            </Box>
          </Menu.ItemGroup>
          <Menu.Separator />
          {/* Only what the role may use: an accountant changes the credit-hold settings. */}
          {can(user.role, 'settings.creditHold') ? (
            <Menu.Item
              value="settings"
              onSelect={() => void navigate({ to: '/settings' })}
              data-testid="settings"
            >
              <LuSettings />
              Settings
            </Menu.Item>
          ) : null}
          {can(user.role, 'users.manage') ? (
            <Menu.Item
              value="users"
              onSelect={() => void navigate({ to: '/settings/users' })}
              data-testid="settings-users"
            >
              <LuUsers />
              Users
            </Menu.Item>
          ) : null}
          <Menu.Item
            value="tokens"
            onSelect={() => void navigate({ to: '/settings/tokens' })}
            data-testid="settings-tokens"
          >
            <LuKeyRound />
            API tokens
          </Menu.Item>
          {/* A page of the server's, not of this app: a new tab keeps the user's place here. */}
          <Menu.Item value="api-docs" asChild data-testid="api-docs">
            <a href="/api/docs" target="_blank" rel="noopener">
              <LuBookOpen />
              API reference
            </a>
          </Menu.Item>
          <Menu.Item
            value="logout"
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
            data-testid="logout"
          >
            <LuLogOut />
            Log out
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
