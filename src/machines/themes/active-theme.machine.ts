import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Theme } from '../../../contract/theme.contract.ts';
import { FALLBACK_THEME } from '../../../contract/theme.defaults.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

/**
 * The themes the whole app is coloured from (spec §4): loaded on sign-in, forgotten on sign-out,
 * read again whenever the themes screen changed them. It lives at the app level, apart from the
 * themes screen's machines, so the page colours are a selector over it and nothing more.
 */
export interface ActiveThemeContext {
  themes: Theme[];
  /** i18n key of the last failed load; the page keeps the colours it had (or the fallback). */
  errorKey: string | null;
}

export type ActiveThemeEvent =
  | { type: 'theme.load' }
  | { type: 'theme.unload' }
  /** A theme was added, activated or deleted: read the list again. */
  | { type: 'theme.changed' };

const initialContext: ActiveThemeContext = { themes: [], errorKey: null };

export const activeThemeMachine = setup({
  types: { context: {} as ActiveThemeContext, events: {} as ActiveThemeEvent },
  actors: {
    /** Reads the list through the QueryClient (key ['themes']), shared with the themes screen. */
    loadThemes: fromPromise<Theme[]>(async () => notProvided('loadThemes')),
  },
  actions: {
    storeThemes: assign((_, themes: Theme[]) => ({ themes, errorKey: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({ errorKey: toAppError(params.error).code })),
    forgetThemes: assign(() => initialContext),
  },
}).createMachine({
  id: 'activeTheme',
  context: initialContext,
  initial: 'idle',
  on: {
    // Signing out forgets every theme, whatever was in flight.
    'theme.unload': { target: '.idle', actions: 'forgetThemes' },
  },
  states: {
    idle: { on: { 'theme.load': 'loading' } },
    loading: {
      invoke: {
        id: 'loadThemes',
        src: 'loadThemes',
        onDone: { target: 'ready', actions: { type: 'storeThemes', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: { on: { 'theme.changed': 'loading' } },
    // The next change (or sign-in) tries again; the screen shows its own list's failure.
    failed: { on: { 'theme.changed': 'loading', 'theme.load': 'loading' } },
  },
});

export type ActiveThemeActorRef = ActorRefFrom<typeof activeThemeMachine>;
export type ActiveThemeSnapshot = SnapshotFrom<typeof activeThemeMachine>;

export interface AppliedColors {
  primary: string;
  secondary: string;
  accent: string;
  text: string;
}

/** Spec §4: the first theme marked active is the one applied. */
export function pickActiveTheme(themes: readonly Theme[]): Theme | null {
  return themes.find((theme) => theme.is_active) ?? null;
}

export function colorsOf(theme: Theme | null): AppliedColors {
  return {
    primary: theme?.primary_color ?? FALLBACK_THEME.primary_color,
    secondary: theme?.secondary_color ?? FALLBACK_THEME.secondary_color,
    accent: theme?.accent_color ?? FALLBACK_THEME.accent_color,
    text: FALLBACK_THEME.text_color,
  };
}

export const selectActiveTheme = (snapshot: ActiveThemeSnapshot): Theme | null =>
  pickActiveTheme(snapshot.context.themes);
/** The page colours: the active theme's, or the fallback theme's (text is always #1F2937). */
export const selectAppliedColors = (snapshot: ActiveThemeSnapshot): AppliedColors =>
  colorsOf(selectActiveTheme(snapshot));
