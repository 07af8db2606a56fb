import { Box, Button, Center, Heading, Text, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, CompassIcon } from './first-load-icons';

/** '404 Page Not Found' with a way home; the router's default not-found page. */
export function NotFoundPage() {
  return (
    <Center minH={{ base: '60vh', md: '70vh' }} px="6" py="16">
      <VStack gap="4" textAlign="center" maxW="md">
        <Box
          display="flex"
          alignItems="center"
          justifyContent="center"
          boxSize="16"
          rounded="2xl"
          bg="brand.subtle"
          color="brand.fg"
          fontSize="3xl"
        >
          <CompassIcon />
        </Box>
        <Heading as="h1" size="2xl" fontWeight="semibold" color="ink.900">
          404 Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has been moved.</Text>
        <Button asChild mt="2">
          <Link to="/">
            <ArrowLeftIcon /> Back to home
          </Link>
        </Button>
      </VStack>
    </Center>
  );
}
