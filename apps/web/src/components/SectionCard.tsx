import type { ReactNode } from 'react';
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';

/** A titled card of a form built from several cards (orders, invoices), with optional header actions. */
export function SectionCard({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Flex
        px={{ base: '5', md: '6' }}
        pt="5"
        pb="4"
        justify="space-between"
        align="center"
        gap="3"
      >
        <Box>
          <Heading as="h2" size="sm" fontWeight="semibold" color="ink.900">
            {title}
          </Heading>
          {description ? (
            <Text textStyle="sm" color="fg.muted" mt="0.5">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions}
      </Flex>
      <Box px={{ base: '5', md: '6' }} pb="6">
        {children}
      </Box>
    </Card.Root>
  );
}
