import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * The palettes the statuses use (components/StatusBadge.tsx), each with its rule in the global CSS
 * below (`[data-palette]`). Kept here, not there: the theme is in every screen's first load, the
 * badge component is not.
 */
export const STATUS_BADGE_PALETTES: readonly string[] = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
];

/**
 * Chakra's default theme with the recipes of the components this app uses only: the default
 * config carries all ~100 recipes (115 KB of the first load's JavaScript, Chakra's "bundle
 * optimization" guide). A component whose recipe is missing renders unstyled, so a component
 * newly used needs its recipe here (its `createRecipeContext({ key })` names it).
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      kbd: kbdRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/**
 * The app's one theme: Chakra's defaults plus a teal "brand" palette (used as the default
 * colour palette), a system font stack, a soft app background, and its one card: a white panel
 * with a faint border and shadow (tables, forms and their skeletons alike).
 */
const config = defineConfig({
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.app', color: 'fg' },
    '*::selection': { bg: 'brand.200' },
    // The list rows' icon buttons (components/ActionButton.tsx): Chakra's IconButton, ghost, xs,
    // muted, styled here once rather than through the button recipe at each of their renders.
    '.action-button': {
      ...buttonRecipe.base,
      ...buttonRecipe.variants?.size?.xs,
      ...buttonRecipe.variants?.variant?.ghost,
      px: '0',
      py: '0',
      color: 'fg.muted',
      _icon: { flexShrink: '0', width: '4', height: '4', fontSize: '1.2em' },
      '&[data-danger]:hover': { color: 'red.600', bg: 'red.subtle' },
    },
    // A list row's link to its record (features/lists/columns.tsx RowLink), as its Chakra Text
    // was: on a phone its ::after covers the row, which is positioned there (ListRow.tsx).
    '.row-link': {
      _hover: { textDecoration: 'underline' },
      _after: { content: { base: '""', md: 'none' }, position: 'absolute', inset: '0' },
      '&[data-number]': {
        fontWeight: 'semibold',
        color: 'brand.fg',
        fontVariantNumeric: 'tabular-nums',
      },
    },
    // An amount (components/MoneyText.tsx), red where it is owed.
    '.money-text': {
      fontVariantNumeric: 'tabular-nums',
      whiteSpace: 'nowrap',
      '&[data-positive]': { color: 'red.700', fontWeight: 'medium' },
    },
    // A status (components/StatusBadge.tsx): Chakra's Badge, subtle, sm, pill-shaped, in its
    // palette.
    '.status-badge': {
      ...badgeRecipe.base,
      ...badgeRecipe.variants?.size?.sm,
      ...badgeRecipe.variants?.variant?.subtle,
      borderRadius: 'full',
      px: '2.5',
      ...Object.fromEntries(
        STATUS_BADGE_PALETTES.map((palette) => [
          `&[data-palette=${palette}]`,
          { colorPalette: palette },
        ]),
      ),
    },
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
    slotRecipes: {
      // Merged into Chakra's card recipe (chakraTheme above).
      card: {
        slots: cardSlotRecipe.slots,
        base: { root: { borderRadius: 'xl' } },
        variants: {
          variant: { outline: { root: { borderColor: 'border.muted', boxShadow: 'xs' } } },
        },
      },
      // Chakra's success and warning toasts put white on green.600 (3.3:1) and orange.600
      // (3.6:1), below WCAG AA's 4.5:1; the 700 shades pass (5.0:1, 5.2:1).
      toast: {
        slots: toastSlotRecipe.slots,
        base: {
          root: {
            '&[data-type=success]': { bg: 'green.700' },
            '&[data-type=warning]': { bg: 'orange.700' },
          },
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
        // Chakra's light grey for secondary text (gray.400, 2.4:1 on bg.app) and its error red
        // (red.500, 3.5:1) fail WCAG AA's 4.5:1 for text; these pass on white, bg.app and bg.muted.
        fg: {
          subtle: { value: { _light: '#66666e', _dark: '{colors.gray.500}' } },
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
        },
      },
    },
  },
});

/**
 * Builds the theme (its tokens, CSS variables and recipes): some tens of milliseconds of the first
 * load, run as a task of its own (main.tsx) rather than inside the evaluation of the modules.
 */
export function createAppSystem() {
  return createSystem(defaultBaseConfig, chakraTheme, config);
}

export type AppSystem = ReturnType<typeof createAppSystem>;
