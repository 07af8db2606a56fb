import { Flex, Text } from '@chakra-ui/react';
import { MoneyText } from '../../components/MoneyText';

/** A figure of an invoice's totals: its label on the left, the amount on the right. */
export function TotalRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Flex justify="space-between" gap="8" textStyle={strong ? 'md' : 'sm'} data-testid={testId}>
      <Text color={strong ? 'ink.900' : 'fg.muted'} fontWeight={strong ? 'semibold' : undefined}>
        {label}
      </Text>
      <MoneyText value={value} fontWeight={strong ? 'semibold' : 'medium'} />
    </Flex>
  );
}
