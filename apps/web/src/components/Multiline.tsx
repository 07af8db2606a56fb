import { Text } from '@chakra-ui/react';
import { EMPTY } from '../lib/text';

/**
 * A text of several lines (an address, notes) as typed, or EMPTY. Apart from the details dialogs,
 * so that a record page showing one does not load Chakra's dialog (some 19 KB).
 */
export function Multiline({ value }: { value: string | null }) {
  return value ? <Text whiteSpace="pre-line">{value}</Text> : <>{EMPTY}</>;
}
