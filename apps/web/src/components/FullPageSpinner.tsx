import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

/** Shown while the session loads. */
export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center minH="100vh" bg="bg.app" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" textStyle="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
