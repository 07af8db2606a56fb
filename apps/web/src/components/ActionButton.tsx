import {
  cloneElement,
  isValidElement,
  type ButtonHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Loader } from '@chakra-ui/react';
import { LuTrash2 } from 'react-icons/lu';
import { Tooltip } from './ui/tooltip';

/** The class of the row buttons, styled once in the theme's global CSS (theme/system.ts). */
export const ACTION_BUTTON_CLASS = 'action-button';

export interface ActionButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'color'
> {
  label: string;
  children: ReactNode;
  /** A colour token ('green.600') for the icon. */
  color?: string;
  /** A spinner in place of the icon, the button disabled. */
  loading?: boolean;
  /** Styles `children`, one element (a router Link), as the button instead. */
  asChild?: boolean;
  /** Red on hover (Delete). */
  danger?: boolean;
}

/** A Chakra colour token as its CSS variable: 'green.600' → var(--chakra-colors-green-600). */
function colorVar(token: string): string {
  return `var(--chakra-colors-${token.replaceAll('.', '-')})`;
}

/**
 * A small ghost icon button for a table row; its label is both the tooltip and the aria-label.
 * It looks like Chakra's `IconButton` (ghost, xs) but is a plain element with one class: a list
 * screen has some two hundred of them, and resolving the button recipe and its style props for
 * each was a large part of the time from a click in the side menu to the painted rows.
 */
export function ActionButton({
  label,
  children,
  color,
  loading,
  asChild,
  danger,
  disabled,
  style,
  ...props
}: ActionButtonProps) {
  const shared = {
    className: ACTION_BUTTON_CLASS,
    'aria-label': label,
    'data-danger': danger ? '' : undefined,
    style: color ? { color: colorVar(color), ...style } : style,
    ...props,
  };
  if (asChild && isValidElement<Record<string, unknown>>(children)) {
    return <Tooltip content={label}>{cloneElement(children as ReactElement, shared)}</Tooltip>;
  }
  return (
    <Tooltip content={label}>
      <button
        type="button"
        {...shared}
        disabled={loading || disabled}
        data-loading={loading ? '' : undefined}
      >
        {loading ? <Loader>{children}</Loader> : children}
      </button>
    </Tooltip>
  );
}

/** The row's Delete button, red on hover; `onClick` should ask for confirmation. */
export function DeleteActionButton({ onClick }: { onClick: () => void }) {
  return (
    <ActionButton label="Delete" danger onClick={onClick}>
      <LuTrash2 />
    </ActionButton>
  );
}
