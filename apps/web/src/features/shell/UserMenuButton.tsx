import { forwardRef } from 'react';
import { Avatar, Box, Button, Text, type ButtonProps } from '@chakra-ui/react';
import { LuChevronDown } from 'react-icons/lu';
import type { User } from '../../lib/trpc';
import { fullName, userInitial } from './user';

/**
 * The user menu's trigger, drawn alone until the menu loads (AppShell: LoadOnIntent). Named by
 * the user's name, as it reads (axe's label-content-name-mismatch: a label other than the visible
 * text would hide it from speech input); the initial beside it is decoration, and where the name
 * does not fit only a screen reader reads it.
 */
export const UserMenuButton = forwardRef<HTMLButtonElement, ButtonProps & { user: User }>(
  function UserMenuButton({ user, ...props }, ref) {
    const display = fullName(user) || user.email;
    return (
      <Button
        ref={ref}
        variant="ghost"
        colorPalette="gray"
        px="1.5"
        gap="2"
        data-testid="user-menu"
        {...props}
      >
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
    );
  },
);
