import type { ReactNode } from 'react';
import { Card, Flex, Heading, Skeleton, Stack, Text, type CardRootProps } from '@chakra-ui/react';

/** A white card with a title row (and something on its right, e.g. a link or a button). */
export function Panel({
  title,
  titleId,
  aside,
  children,
  ...props
}: {
  title: ReactNode;
  /** The heading's id, for a region or table labelled by it. */
  titleId?: string;
  aside?: ReactNode;
  children: ReactNode;
} & Omit<CardRootProps, 'title'>) {
  return (
    <Card.Root as="section" aria-labelledby={titleId} {...props}>
      <Flex
        align="center"
        justify="space-between"
        gap="3"
        px="5"
        py="3.5"
        borderBottomWidth="1px"
        borderColor="border.muted"
      >
        <Heading as="h2" size="md" fontWeight="semibold" id={titleId}>
          {title}
        </Heading>
        {aside}
      </Flex>
      {children}
    </Card.Root>
  );
}

/** A figure card: label, value (a skeleton while loading) and a hint under it. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  loading,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  loading: boolean;
  testId: string;
}) {
  return (
    <Card.Root px="5" py="4" data-testid={testId} aria-busy={loading}>
      <Flex justify="space-between" align="flex-start" gap="3">
        <Text textStyle="sm" color="fg.muted" fontWeight="medium">
          {label}
        </Text>
        <Flex
          boxSize="9"
          flexShrink={0}
          align="center"
          justify="center"
          rounded="lg"
          bg="brand.subtle"
          color="brand.fg"
          fontSize="lg"
          aria-hidden="true"
        >
          {icon}
        </Flex>
      </Flex>
      {/* Under the icon row the figure has the card's width ($21,163.75 wrapped beside it). */}
      <Stack gap="1" minW="0" mt="-2">
        {loading ? (
          <Skeleton height="8" width="24" />
        ) : (
          <Text
            textStyle="2xl"
            fontWeight="semibold"
            color="ink.900"
            fontVariantNumeric="tabular-nums"
            whiteSpace="nowrap"
            data-testid={`${testId}-value`}
          >
            {value}
          </Text>
        )}
        {hint ? (
          <Text textStyle="xs" color="fg.subtle">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Card.Root>
  );
}
