import { Badge, HStack } from '@chakra-ui/react';
import { LOT_STATUS_LABELS, type LotStatus } from '@pharm/validators';
import { LOT_STATUS_COLORS } from './format';

/** The lot's status, and beside it Expired or Short-dated as today sees them. */
export function LotStatusBadge({
  lot,
}: {
  lot: { status: LotStatus; expired: boolean; insideShelfLife: boolean };
}) {
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={LOT_STATUS_COLORS[lot.status]} data-testid="lot-status">
        {LOT_STATUS_LABELS[lot.status]}
      </Badge>
      {lot.expired ? (
        <Badge colorPalette="red" variant="outline">
          Expired
        </Badge>
      ) : lot.insideShelfLife ? (
        <Badge colorPalette="orange" variant="outline">
          Short-dated
        </Badge>
      ) : null}
    </HStack>
  );
}
