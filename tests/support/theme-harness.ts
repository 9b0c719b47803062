import { vi } from 'vitest';
import { createActor } from 'xstate';
import type { CreateThemeRequest, Theme } from '../../contract/theme.contract.ts';
import type { Notice } from '../../src/machines/notify.ts';
import { activeThemeMachine } from '../../src/machines/themes/active-theme.machine.ts';
import { themeActivationMachine } from '../../src/machines/themes/theme-activation.machine.ts';
import { themeFormMachine } from '../../src/machines/themes/theme-form.machine.ts';
import { controlledActor } from './controlled-actor.ts';

/** The app-level active-theme machine with a hand-settled list call. */
export function createActiveThemeHarness() {
  const loadThemes = controlledActor<Theme[]>();
  const theme = createActor(activeThemeMachine.provide({ actors: { loadThemes: loadThemes.logic } })).start();
  return { theme, loadThemes };
}

/** The add-theme form machine with a hand-settled create call and spies. */
export function createThemeFormHarness() {
  const createTheme = controlledActor<Theme, CreateThemeRequest>();
  const themesChanged = vi.fn();
  const notices: Notice[] = [];
  const form = createActor(
    themeFormMachine.provide({
      actors: { createTheme: createTheme.logic },
      actions: { themesChanged, notify: (_, notice) => notices.push(notice) },
    }),
  ).start();
  return { form, createTheme, themesChanged, notices };
}

/** The theme activation machine with a hand-settled activate call and spies. */
export function createThemeActivationHarness() {
  const activateTheme = controlledActor<Theme, { id: string }>();
  const themesChanged = vi.fn();
  const notices: Notice[] = [];
  const activation = createActor(
    themeActivationMachine.provide({
      actors: { activateTheme: activateTheme.logic },
      actions: { themesChanged, notify: (_, notice) => notices.push(notice) },
    }),
  ).start();
  return { activation, activateTheme, themesChanged, notices };
}
