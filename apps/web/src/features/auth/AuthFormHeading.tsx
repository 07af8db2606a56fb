import { Heading, Stack, Text } from '@chakra-ui/react';

/** The title and one-line hint at the top of the login and register forms. */
export function AuthFormHeading({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack gap="1" mb="6">
      <Heading as="h2" size="xl" fontWeight="semibold" color="ink.900">
        {title}
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        {hint}
      </Text>
    </Stack>
  );
}
