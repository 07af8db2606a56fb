import { Badge, type BadgeProps } from '@chakra-ui/react';
import type { CreditHold } from '@pharm/validators';
import { Tooltip } from '../../components/ui/tooltip';

/** The red 'Credit hold' badge, its reason on hover; nothing when the pharmacy is not on hold. */
export function CreditHoldBadge({
  hold,
  ...props
}: { hold: CreditHold | undefined } & Omit<BadgeProps, 'children'>) {
  if (!hold) return null;
  return (
    <Tooltip content={`Credit hold: ${hold.reason}`} contentProps={{ maxW: 'xs' }}>
      <Badge
        colorPalette="red"
        variant="solid"
        rounded="full"
        px="2.5"
        data-testid="credit-hold"
        title={hold.reason}
        {...props}
      >
        Credit hold
      </Badge>
    </Tooltip>
  );
}
