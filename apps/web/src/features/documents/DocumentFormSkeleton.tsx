import { Card, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { DOCUMENT_KINDS, type DocumentNoun } from './kinds';

/**
 * Placeholders in the shape of an order or invoice form while it loads: the details card, the
 * summary card beside it and, where the document has line items, their card under them.
 */
export function DocumentFormSkeleton({ noun }: { noun: DocumentNoun }) {
  const { summaryWidth, skeleton } = DOCUMENT_KINDS[noun];
  const { spans, summaryRows, lines } = skeleton;
  return (
    <Stack gap="5" data-testid="form-skeleton" aria-busy="true">
      <Grid templateColumns={{ base: '1fr', lg: `minmax(0, 1fr) ${summaryWidth}` }} gap="5">
        <Card.Root p="6">
          <Skeleton h="5" w="36" mb="5" />
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="5">
            {spans.map((span, index) => (
              <Stack key={index} gap="2" gridColumn={{ md: `span ${span}` }}>
                <Skeleton h="4" w="28" />
                <Skeleton h="10" />
              </Stack>
            ))}
          </Grid>
        </Card.Root>
        <Card.Root p="6">
          <Skeleton h="5" w="32" mb="5" />
          <Stack gap="3">
            {Array.from({ length: summaryRows }, (_, index) => (
              <Skeleton key={index} h="4" />
            ))}
            <Skeleton h="8" mt="2" />
          </Stack>
        </Card.Root>
      </Grid>
      {lines > 0 ? (
        <Card.Root p="6">
          <Skeleton h="5" w="28" mb="5" />
          <Stack gap="3">
            {Array.from({ length: lines }, (_, index) => (
              <Skeleton key={index} h="9" />
            ))}
          </Stack>
        </Card.Root>
      ) : null}
    </Stack>
  );
}
