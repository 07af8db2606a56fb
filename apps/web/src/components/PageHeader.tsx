import type { ReactNode } from 'react';
import { Box, Flex, Heading, HStack, Text } from '@chakra-ui/react';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown on the right (wrap below the title on small screens). */
  actions?: ReactNode;
  /** Shown above the title, e.g. a 'Back to …' link. */
  back?: ReactNode;
}

export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <Box mb="6">
      {back ? <Box mb="3">{back}</Box> : null}
      <Flex
        direction={{ base: 'column', sm: 'row' }}
        align={{ base: 'stretch', sm: 'flex-end' }}
        justify="space-between"
        gap="4"
      >
        <Box minW="0">
          <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.02em" color="ink.900">
            {title}
          </Heading>
          {description ? (
            <Text mt="1" color="fg.muted" textStyle="sm">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <HStack gap="2" flexWrap="wrap" flexShrink={0}>
            {actions}
          </HStack>
        ) : null}
      </Flex>
    </Box>
  );
}
