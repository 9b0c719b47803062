import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  lighten,
  luminance,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { AppliedColors } from '../machines/themes/active-theme.machine.ts';

/** Name of the generated Mantine palette that every `color="brand"`/primary component uses. */
export const BRAND_COLOR = 'brand';
const BRAND_SHADE = 6;
const APP_FONT = 'Tajawal, "Segoe UI", Tahoma, system-ui, sans-serif';

/**
 * Mantine wants ten shades per colour; a theme stores one. Lighter shades come first, the
 * theme's own colour sits at the primary shade, so filled buttons show exactly that colour.
 */
export function shadesOf(color: string): MantineColorsTuple {
  const lighter = [0.9, 0.78, 0.64, 0.5, 0.34, 0.18].map((amount) => lighten(color, amount));
  const darker = [0.12, 0.24, 0.36].map((amount) => darken(color, amount));
  return [...lighter, color, ...darker] as unknown as MantineColorsTuple;
}

/** WCAG contrast of white text on `color`. */
const whiteContrast = (color: string) => 1.05 / (luminance(color) + 0.05);

/**
 * Filled buttons and badges of Mantine's own palettes (red for "delete", teal, ...) are painted
 * at shade 6, where white text is 3.3:1 for red (issue 37, defect 5). They take the first shade
 * from 6 on that holds white text at 4.5:1, hovering one darker. The theme's own colours (brand,
 * secondary) keep their shade: the theme form checks those itself.
 */
const readableVariantColors: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  const palette = input.theme.colors[parsed.color];
  const ownColor = parsed.color === BRAND_COLOR || parsed.color === 'secondary';
  if (
    input.variant !== 'filled' ||
    !parsed.isThemeColor ||
    parsed.shade !== undefined ||
    ownColor ||
    !palette
  )
    return resolved;
  const shade = [6, 7, 8, 9].find((index) => whiteContrast(palette[index] ?? '#000') >= 4.5);
  if (shade === undefined) return resolved;
  return {
    ...resolved,
    background: palette[shade] ?? resolved.background,
    hover: palette[Math.min(shade + 1, 9)] ?? resolved.hover,
    color: 'var(--mantine-color-white)',
  };
};

/** Names Mantine gives icon buttons in English only, here in the interface language. */
export interface ControlLabels {
  close: string;
  showPassword: string;
}

export function buildMantineTheme(
  colors: AppliedColors,
  labels: ControlLabels = { close: 'Close', showPassword: 'Show password' },
): MantineThemeOverride {
  return createTheme({
    variantColorResolver: readableVariantColors,
    primaryColor: BRAND_COLOR,
    primaryShade: BRAND_SHADE,
    colors: {
      [BRAND_COLOR]: shadesOf(colors.primary),
      secondary: shadesOf(colors.secondary),
    },
    // Tajawal ships with the app (src/app/fonts.ts) and has Latin letters too, so Arabic and
    // English look the same on every machine.
    fontFamily: APP_FONT,
    headings: { fontFamily: APP_FONT },
    defaultRadius: 'md',
    // Visitors who ask their system for less motion get no transitions (collapses, modals).
    respectReducedMotion: true,
    other: { appColors: colors },
    components: {
      // Mantine's badges are upper-cased with wide letter spacing: Arabic has no capitals and the
      // spacing breaks its joined letters, so "نشط" was cut to "نـ…" (issue 37). Same for both.
      Badge: { styles: { root: { textTransform: 'none', letterSpacing: 'normal' } } },
      // Mantine's close button is an icon without a name (issue 37, defect 5).
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      // The eye button: named in the interface language (Mantine's is English) and reachable
      // by Tab (Mantine leaves it out), its state told by aria-pressed (issue 37, defect 8).
      PasswordInput: {
        defaultProps: {
          visibilityToggleFocusable: true,
          visibilityToggleButtonProps: { 'aria-label': labels.showPassword },
        },
      },
      // The theme's accent marks where the user is: the active navigation entry. Written as a
      // plain object (not NavLink.extend) so the login page's code does not carry NavLink.
      NavLink: {
        vars: () => ({
          root: {
            '--nl-bg': 'var(--app-accent)',
            '--nl-hover': 'var(--app-accent)',
            // The theme's text colour: the primary colour on the accent is below 4.5:1 (3.5:1
            // for the default theme), and a theme's colours can be anything.
            '--nl-color': 'var(--app-text)',
          },
          children: {},
        }),
      },
    },
  });
}

/**
 * Exposes the applied colours as --app-* variables on :root and makes them the body text
 * colour, so plain CSS and Mantine components are recoloured by the same theme switch.
 */
export const appCssVariablesResolver: CSSVariablesResolver = (theme) => {
  const colors = theme.other.appColors as AppliedColors;
  return {
    variables: {
      '--app-primary': colors.primary,
      '--app-secondary': colors.secondary,
      '--app-accent': colors.accent,
      '--app-text': colors.text,
    },
    // Mantine's dimmed grey is 3.3:1 on white; grey 7 keeps secondary text readable (WCAG AA).
    light: { '--mantine-color-text': colors.text, '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
    dark: {},
  };
};
