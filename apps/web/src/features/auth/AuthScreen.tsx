import type { ReactNode } from 'react';
import { Box, Flex, Heading, HStack, Stack, Text, VStack } from '@chakra-ui/react';
import { FileTextIcon, PackageIcon, WalletIcon } from '../../components/first-load-icons';
import { Logo, LogoMark } from '../../components/Logo';
import { AuthTabs } from './AuthTabs';

function Feature({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <HStack align="flex-start" gap="4">
      <Flex
        boxSize="10"
        flexShrink={0}
        align="center"
        justify="center"
        rounded="lg"
        bg="whiteAlpha.200"
        borderWidth="1px"
        borderColor="whiteAlpha.300"
        fontSize="lg"
      >
        {icon}
      </Flex>
      <Box>
        <Text fontWeight="semibold">{title}</Text>
        <Text textStyle="sm" color="whiteAlpha.800">
          {children}
        </Text>
      </Box>
    </HStack>
  );
}

function BrandPanel() {
  return (
    <Flex
      as="aside"
      aria-label="About PharmSupply"
      display={{ base: 'none', lg: 'flex' }}
      direction="column"
      justify="space-between"
      flex="1"
      maxW="2xl"
      position="relative"
      overflow="hidden"
      color="white"
      px="14"
      py="12"
      bgGradient="to-br"
      gradientFrom="brand.600"
      gradientVia="brand.700"
      gradientTo="#0b3f5c"
    >
      {/* Decorative rings */}
      <Box
        position="absolute"
        top="-32"
        right="-32"
        boxSize="96"
        rounded="full"
        borderWidth="48px"
        borderColor="whiteAlpha.100"
        pointerEvents="none"
      />
      <Box
        position="absolute"
        bottom="-24"
        left="-20"
        boxSize="72"
        rounded="full"
        bg="whiteAlpha.100"
        pointerEvents="none"
      />
      <Box position="relative">
        <Logo inverted size="9" />
      </Box>
      <Stack gap="10" position="relative" maxW="md">
        <Stack gap="4">
          <Heading
            as="p"
            size="3xl"
            fontWeight="semibold"
            lineHeight="1.15"
            letterSpacing="-0.02em"
          >
            Every order, invoice and payment for the pharmacies you supply.
          </Heading>
          <Text color="whiteAlpha.800">
            Vials, syringes, stoppers and seals — from the first order to the last payment, in one
            place.
          </Text>
        </Stack>
        <Stack gap="6">
          <Feature icon={<PackageIcon />} title="Catalogue and orders">
            Products with variants, line items priced to the cent.
          </Feature>
          <Feature icon={<FileTextIcon />} title="Invoices with PDFs">
            Issue invoices from orders and download them in a click.
          </Feature>
          <Feature icon={<WalletIcon />} title="Payments and A/R aging">
            Record payments and see who owes what, and since when.
          </Feature>
        </Stack>
      </Stack>
      <Text position="relative" textStyle="xs" color="whiteAlpha.700">
        © {new Date().getFullYear()} PharmSupply
      </Text>
    </Flex>
  );
}

/** The sign-in screen at '/' for signed-out visitors. */
export function AuthScreen() {
  return (
    <Flex minH="100vh" bg="bg.app">
      <BrandPanel />
      <Flex as="main" flex="1" align="center" justify="center" px={{ base: '4', sm: '8' }} py="12">
        <Box w="full" maxW="md">
          <VStack gap="3" mb="8" textAlign="center">
            <LogoMark size="12" />
            <Heading as="h1" size="2xl" fontWeight="bold" letterSpacing="-0.02em" color="ink.900">
              PharmSupply
            </Heading>
            <Text color="fg.muted">Pharmacy Supply Chain Management</Text>
          </VStack>
          <Box
            bg="bg.panel"
            rounded="2xl"
            borderWidth="1px"
            borderColor="border.muted"
            shadow="sm"
            p={{ base: '5', sm: '8' }}
          >
            <AuthTabs />
          </Box>
          <Text mt="6" textAlign="center" textStyle="xs" color="fg.subtle">
            For staff of the supplier only. Sessions end after 30 minutes without activity.
          </Text>
        </Box>
      </Flex>
    </Flex>
  );
}
