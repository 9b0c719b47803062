import {
  createTheme,
  darken,
  lighten,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
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

export function buildMantineTheme(colors: AppliedColors): MantineThemeOverride {
  return createTheme({
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
