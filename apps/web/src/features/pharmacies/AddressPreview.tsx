import { Text } from '@chakra-ui/react';
import { Tooltip } from '../../components/ui/tooltip';
import { EMPTY, truncate } from '../../lib/text';
import { ADDRESS_PREVIEW_LENGTH } from './format';

/** An address cut to its first characters, the whole of it in a tooltip. */
export function AddressPreview({ address }: { address: string | null }) {
  if (!address) return <>{EMPTY}</>;
  const short = truncate(address, ADDRESS_PREVIEW_LENGTH);
  if (short === address) return <>{address}</>;
  return (
    <Tooltip content={address} contentProps={{ maxW: 'xs', whiteSpace: 'pre-line' }}>
      <Text as="span" title={address} cursor="help">
        {short}
      </Text>
    </Tooltip>
  );
}
