import type { ReactNode } from 'react';
import { Box, Grid, Heading, Text } from '@chakra-ui/react';

/**
 * One titled part of a record form card: title and description on the left, the fields on the
 * right, two to a row (the whole section stacked, a field to a row, on narrow screens).
 */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '240px 1fr' }} gap={{ base: '4', lg: '8' }} py="6">
      <Box>
        <Heading as="h2" size="sm" fontWeight="semibold" color="ink.900">
          {title}
        </Heading>
        <Text textStyle="sm" color="fg.muted" mt="1">
          {description}
        </Text>
      </Box>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        {children}
      </Grid>
    </Grid>
  );
}
