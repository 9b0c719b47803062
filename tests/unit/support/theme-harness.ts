import { vi } from 'vitest';
import { createActor } from 'xstate';
import type { CreateThemeRequest, Theme } from '../../../contract/theme.contract.ts';
import type { Notice } from '../../../src/machines/notify.ts';
import { themeMachine } from '../../../src/machines/theme.machine.ts';
import { controlledActor } from './controlled-actor.ts';

/** The theme machine with hand-settled calls and spies for the cache and the toasts. */
export function createThemeHarness() {
  const loadThemes = controlledActor<Theme[]>();
  const createTheme = controlledActor<Theme, CreateThemeRequest>();
  const activateTheme = controlledActor<Theme, { id: string }>();
  const deleteTheme = controlledActor<void, { id: string }>();
  const invalidateThemes = vi.fn();
  const notices: Notice[] = [];
  const theme = createActor(
    themeMachine.provide({
      actors: {
        loadThemes: loadThemes.logic,
        createTheme: createTheme.logic,
        activateTheme: activateTheme.logic,
        deleteTheme: deleteTheme.logic,
      },
      actions: { invalidateThemes, notify: (_, notice) => notices.push(notice) },
    }),
  ).start();
  return { theme, loadThemes, createTheme, activateTheme, deleteTheme, invalidateThemes, notices };
}
