import type { ComponentProps } from 'react';
import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { formatDate, formatUsd } from '@pharm/validators';
import { MoneyText } from '../../components/MoneyText';
import { LinesTable } from '../documents/DocumentDetails';

/**
 * A document's lines on its page: the details dialogs' table on a wide screen; on a phone, where
 * its five columns do not fit, one card a line (what, the SKUs, qty × price, and the line total).
 */
export function RecordLines(props: ComponentProps<typeof LinesTable>) {
  const { lines, empty } = props;
  return (
    <>
      <Box display={{ base: 'none', md: 'block' }}>
        <LinesTable {...props} />
      </Box>
      <Stack
        display={{ base: 'flex', md: 'none' }}
        gap="0"
        borderWidth="1px"
        borderColor="border.muted"
        rounded="lg"
        data-testid={`${props.testId}-cards`}
      >
        {lines.map((line, index) => (
          <Flex
            key={line.id}
            justify="space-between"
            align="flex-start"
            gap="3"
            px="4"
            py="3"
            borderTopWidth={index ? '1px' : undefined}
            borderColor="border.muted"
            textStyle="sm"
          >
            <Box minW="0">
              <Text fontWeight="medium">{line.description}</Text>
              <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere">
                {[line.productSku, line.variantSku].filter(Boolean).join(' · ')}
                {line.productSku || line.variantSku ? ' · ' : ''}
                {line.qty.toLocaleString('en-US')} × {formatUsd(line.unitPrice)}
              </Text>
              {line.lot ? (
                <Text textStyle="xs" color="fg.muted">
                  Lot {line.lot.lotNumber} · exp. {formatDate(line.lot.expiryDate)}
                </Text>
              ) : null}
            </Box>
            <MoneyText value={line.lineTotal} fontWeight="medium" />
          </Flex>
        ))}
        {lines.length === 0 && empty ? (
          <Text px="4" py="3" textStyle="sm" color="fg.muted">
            {empty}
          </Text>
        ) : null}
      </Stack>
    </>
  );
}
