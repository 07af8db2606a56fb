import { useEffect, useRef } from 'react';
import { Box, Menu, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { LuBookOpen, LuKeyRound, LuLogOut, LuSettings, LuUsers } from 'react-icons/lu';
import { can, ROLE_LABELS } from '@pharm/validators/roles';
import type { IntentProps } from '../../components/LoadOnIntent';
import type { User } from '../../lib/trpc';
import { useLogout } from '../auth/useLogout';
import { fullName } from './user';
import { UserMenuButton } from './UserMenuButton';

/** The user menu, loaded when the user reaches for its trigger (AppShell). */
export function UserMenu({ user, defaultOpen, autoFocus }: { user: User } & IntentProps) {
  const logout = useLogout();
  const navigate = useNavigate();
  const name = fullName(user);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (autoFocus) trigger.current?.focus();
  }, [autoFocus]);

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <UserMenuButton user={user} ref={trigger} />
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
