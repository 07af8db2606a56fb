import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { useCan } from '../auth/can';
import { rememberedListSearch } from '../lists/remember';
import { isNavActive, MENU_ITEMS } from './nav';

const NavLink = chakra(Link);

/**
 * The side menu, less the items whose permission the role lacks; `onNavigate` closes the mobile
 * drawer. A list opens as it was left (its tab,
 * filter, sort and dates: lists/remember.ts), read when the link is followed; the menu renders
 * again as the address changes, so that the links' addresses show it too.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  useLocation({ select: (location) => location.searchStr });
  const can = useCan();
  return (
    <Box as="nav" aria-label="Main">
      <Text
        px="3"
        mb="2"
        textStyle="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        letterSpacing="wider"
        color="fg.subtle"
      >
        Menu
      </Text>
      <Stack as="ul" gap="0.5" listStyleType="none">
        {MENU_ITEMS.filter((item) => !('permission' in item) || can(item.permission)).map(
          (item) => {
            const { to, label, icon: Icon } = item;
            const active = isNavActive(item, pathname);
            return (
              <li key={to}>
                <NavLink
                  to={to}
                  // The route's validateSearch checks what was kept.
                  search={(() => rememberedListSearch(to) ?? {}) as never}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  data-active={active ? '' : undefined}
                  data-testid={`nav-${label.toLowerCase()}`}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  px="3"
                  py="2"
                  rounded="md"
                  textStyle="sm"
                  fontWeight="medium"
                  color="fg.muted"
                  position="relative"
                  transition="background 120ms, color 120ms"
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  _focusVisible={{
                    outline: '2px solid',
                    outlineColor: 'brand.focusRing',
                    outlineOffset: '1px',
                  }}
                  css={{
                    '&[data-active]': {
                      bg: 'brand.subtle',
                      color: 'brand.fg',
                      fontWeight: 'semibold',
                    },
                    '&[data-active]::before': {
                      content: '""',
                      position: 'absolute',
                      insetStart: '-3',
                      top: '2',
                      bottom: '2',
                      width: '3px',
                      roundedEnd: 'full',
                      bg: 'brand.solid',
                    },
                    '& svg': { flexShrink: 0, fontSize: '1.1em' },
                  }}
                >
                  <Icon aria-hidden="true" />
                  {label}
                </NavLink>
              </li>
            );
          },
        )}
      </Stack>
    </Box>
  );
}
