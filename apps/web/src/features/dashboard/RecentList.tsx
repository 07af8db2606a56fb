import type { ReactNode } from 'react';
import { Box, Flex, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';

/** The dashboard's recent rows: `skeletons` placeholders while loading, else rows or the empty text. */
export function RecentList<T>({
  rows,
  loading,
  error,
  empty,
  skeletons = 3,
  label,
  render,
}: {
  rows: T[] | undefined;
  loading: boolean;
  error: string | null;
  empty: string;
  skeletons?: number;
  label: string;
  render: (row: T) => ReactNode;
}) {
  if (loading) {
    return (
      <Stack gap="0" aria-hidden="true">
        {Array.from({ length: skeletons }, (_, n) => (
          <Flex
            key={n}
            data-testid="skeleton-row"
            justify="space-between"
            px="5"
            py="3.5"
            borderTopWidth={n ? '1px' : undefined}
            borderColor="border.muted"
          >
            <Stack gap="2" flex="1">
              <Skeleton height="4" width="40%" />
              <Skeleton height="3" width="60%" />
            </Stack>
            <Skeleton height="4" width="20%" />
          </Flex>
        ))}
      </Stack>
    );
  }
  if (error) {
    return (
      <Text
        px="5"
        py="8"
        textAlign="center"
        color="fg.error"
        textStyle="sm"
        data-testid="error-row"
      >
        {error}
      </Text>
    );
  }
  if (!rows?.length) {
    return (
      <Text
        px="5"
        py="10"
        textAlign="center"
        color="fg.muted"
        textStyle="sm"
        data-testid="empty-row"
      >
        {empty}
      </Text>
    );
  }
  return (
    <Box as="ul" aria-label={label} listStyleType="none">
      {rows.map(render)}
    </Box>
  );
}

/** One recent row: number and badge, pharmacy name under them; amount and date on the right. */
export function RecentRow({
  testId,
  number,
  badge,
  pharmacy,
  amount,
  date,
  first,
}: {
  testId: string;
  number: ReactNode;
  badge: ReactNode;
  pharmacy: string;
  amount: ReactNode;
  date: ReactNode;
  first: boolean;
}) {
  return (
    <Flex
      as="li"
      data-testid={testId}
      justify="space-between"
      align="center"
      gap="4"
      px="5"
      py="3"
      borderTopWidth={first ? undefined : '1px'}
      borderColor="border.muted"
    >
      <Stack gap="0.5" minW="0">
        <HStack gap="2">
          <Text fontWeight="medium" textStyle="sm">
            {number}
          </Text>
          {badge}
        </HStack>
        <Text textStyle="sm" color="fg.muted" truncate>
          {pharmacy}
        </Text>
      </Stack>
      <Stack gap="0.5" align="flex-end" flexShrink={0}>
        <Text textStyle="sm" fontWeight="medium">
          {amount}
        </Text>
        <Text textStyle="xs" color="fg.subtle">
          {date}
        </Text>
      </Stack>
    </Flex>
  );
}
