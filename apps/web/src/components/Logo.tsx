import { Box, HStack, Text, type BoxProps } from '@chakra-ui/react';

/** The PharmSupply mark: a rounded tile with a medical cross and a supply-box notch. */
export function LogoMark({ size = 8, ...props }: { size?: BoxProps['boxSize'] } & BoxProps) {
  return (
    <Box as="span" display="inline-flex" boxSize={size} flexShrink={0} {...props}>
      <svg viewBox="0 0 32 32" width="100%" height="100%" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="pharm-logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#17988e" />
            <stop offset="1" stopColor="#0f5f8a" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="8" fill="url(#pharm-logo-gradient)" />
        <path
          d="M13 7.5h6a1 1 0 0 1 1 1V13h4.5a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1H20v4.5a1 1 0 0 1-1 1h-6a1 1 0 0 1-1-1V19H7.5a1 1 0 0 1-1-1v-4a1 1 0 0 1 1-1H12V8.5a1 1 0 0 1 1-1Z"
          fill="#fff"
        />
        <circle cx="16" cy="16" r="1.6" fill="#17988e" />
      </svg>
    </Box>
  );
}

/** Mark + 'PharmSupply' wordmark. */
export function Logo({
  size = 8,
  inverted = false,
  compact = false,
}: {
  size?: BoxProps['boxSize'];
  inverted?: boolean;
  /** Only the mark on small screens. */
  compact?: boolean;
}) {
  return (
    <HStack gap="2.5" align="center">
      <LogoMark size={size} />
      <Text
        as="span"
        fontWeight="bold"
        fontSize="lg"
        letterSpacing="-0.02em"
        color={inverted ? 'white' : 'ink.900'}
        lineHeight="1"
        hideBelow={compact ? 'sm' : undefined}
      >
        Pharm
        <Text as="span" color={inverted ? 'brand.200' : 'brand.600'}>
          Supply
        </Text>
      </Text>
    </HStack>
  );
}
