import type { ComponentProps, ReactNode } from 'react';
import { IconButton } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { Tooltip } from './ui/tooltip';

/** A small ghost icon button for a table row; its label is both the tooltip and the aria-label. */
export function ActionButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & ComponentProps<typeof IconButton>) {
  return (
    <Tooltip content={label}>
      <IconButton aria-label={label} variant="ghost" size="xs" color="fg.muted" {...props}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

/** The row's Delete button, red on hover; `onClick` should ask for confirmation. */
export function DeleteActionButton({ onClick }: { onClick: () => void }) {
  return (
    <ActionButton label="Delete" _hover={{ color: 'red.600', bg: 'red.subtle' }} onClick={onClick}>
      <LuTrash2 />
    </ActionButton>
  );
}
