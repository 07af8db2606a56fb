import { forwardRef } from 'react';
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { LuMenu } from 'react-icons/lu';

/** The phone's menu button, drawn alone until the drawer loads (AppShell: LoadOnIntent). */
export const MobileNavButton = forwardRef<HTMLButtonElement, IconButtonProps>(
  function MobileNavButton(props, ref) {
    return (
      <IconButton ref={ref} hideFrom="md" variant="ghost" aria-label="Open menu" me="-1" {...props}>
        <LuMenu />
      </IconButton>
    );
  },
);
