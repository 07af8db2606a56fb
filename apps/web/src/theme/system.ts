import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * The app's one theme: Chakra's defaults plus a teal "brand" palette (used as the default
 * colour palette), a system font stack and a soft app background.
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.app', color: 'fg' },
    '*::selection': { bg: 'brand.200' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: {
          value:
            "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        body: {
          value:
            "'Inter', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
      },
      colors: {
        brand: {
          50: { value: '#effcfa' },
          100: { value: '#cdf3ed' },
          200: { value: '#9ce6db' },
          300: { value: '#62d0c3' },
          400: { value: '#31b4a8' },
          500: { value: '#17988e' },
          600: { value: '#0f7a74' },
          700: { value: '#10625e' },
          800: { value: '#124e4c' },
          900: { value: '#134140' },
          950: { value: '#042727' },
        },
        ink: {
          800: { value: '#0f2f3a' },
          900: { value: '#0a2230' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.200}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.300}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        bg: {
          app: { value: '#f5f7f9' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
