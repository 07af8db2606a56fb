import { Badge, type BadgeProps } from '@chakra-ui/react';
import { STATUS_BADGE_PALETTES } from '../theme/system';

/** Status text with only its first letter capitalised ('PARTIALLY PAID' → 'Partially paid'). */
export function statusLabel(status: string): string {
  const text = status.trim().toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface StatusBadgeProps extends Omit<BadgeProps, 'children'> {
  status: string;
  /** Status (any case) → Chakra colour palette, e.g. { draft: 'gray', sent: 'blue' }. */
  colors: Record<string, string>;
  /** Palette for statuses not in the map. */
  fallback?: string;
  /** Overrides the shown text. */
  label?: string;
}

/** The class of a status badge, styled once in the theme's global CSS (theme/system.ts). */
export const STATUS_BADGE_CLASS = 'status-badge';

/**
 * A status as Chakra's Badge (subtle, sm, pill-shaped) in its palette. Without other props, in a
 * palette of STATUS_BADGE_PALETTES, it is a plain span with one class: a list screen shows one in
 * each of its rows, and a Badge for each resolved the badge recipe at every mount (the time from
 * a click in the side menu to the painted rows).
 */
export function StatusBadge({
  status,
  colors,
  fallback = 'gray',
  label,
  ...props
}: StatusBadgeProps) {
  const key = status.trim().toLowerCase();
  const palette =
    Object.entries(colors).find(([name]) => name.toLowerCase() === key)?.[1] ?? fallback;
  const text = label ?? statusLabel(status);
  if (Object.keys(props).length === 0 && STATUS_BADGE_PALETTES.includes(palette)) {
    return (
      <span className={STATUS_BADGE_CLASS} data-palette={palette} data-status={key}>
        {text}
      </span>
    );
  }
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      rounded="full"
      px="2.5"
      data-status={key}
      {...props}
    >
      {text}
    </Badge>
  );
}
