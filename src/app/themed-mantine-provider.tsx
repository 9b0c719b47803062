import { MantineProvider } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectAppliedColors } from '../machines/themes/active-theme.machine.ts';
import { useAppServices } from './app-services.tsx';
import { appCssVariablesResolver, buildMantineTheme } from './mantine-theme.ts';

interface ThemedMantineProviderProps {
  children: ReactNode;
  /** 'test' turns off transitions and portals, for jsdom. */
  env?: 'default' | 'test';
}

/**
 * Mantine with the colours the theme actor applies (the active theme, else the fallback). A
 * theme activation changes the selected colours, which rebuilds the Mantine theme and its CSS
 * variables, so the whole app is recoloured at once.
 */
export function ThemedMantineProvider({ children, env = 'default' }: ThemedMantineProviderProps) {
  const { theme } = useAppServices();
  // shallowEqual: the selector builds a new object per snapshot; only new colours matter.
  const colors = useSelector(theme, selectAppliedColors, shallowEqual);
  const { t } = useTranslation();
  const close = t('common.close');
  const showPassword = t('common.showPassword');
  const mantineTheme = useMemo(
    () => buildMantineTheme(colors, { close, showPassword }),
    [colors, close, showPassword],
  );

  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={appCssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      {children}
    </MantineProvider>
  );
}
