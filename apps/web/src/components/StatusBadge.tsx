import { Badge, type BadgeProps } from '@chakra-ui/react';

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
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      rounded="full"
      px="2.5"
      data-status={key}
      {...props}
    >
      {label ?? statusLabel(status)}
    </Badge>
  );
}
