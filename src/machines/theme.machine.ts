import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  DEFAULT_NEW_THEME,
  FALLBACK_THEME,
  type CreateThemeRequest,
  type Theme,
} from '../../contract/theme.contract.ts';
import { toAppError, toastKeyOf } from '../services/api-error.ts';
import type { Notice } from './notify.ts';

export type ThemeFormField = keyof CreateThemeRequest;

export interface ThemeContext {
  themes: Theme[];
  /** The add form. No client-side check (spec §5): the server answers with field keys. */
  form: CreateThemeRequest;
  /** i18n key of the last failure. */
  errorKey: string | null;
  /** Field name -> validation.* key, from the server's 400/409 answer. */
  fieldErrors: Partial<Record<ThemeFormField, string>>;
  pendingDeleteId: string | null;
  activatingId: string | null;
}

export type ThemeEvent =
  | { type: 'theme.load' }
  | { type: 'theme.retry' }
  | { type: 'theme.unload' }
  | { type: 'theme.form.change'; field: ThemeFormField; value: string }
  | { type: 'theme.add' }
  | { type: 'theme.activate'; id: string }
  | { type: 'theme.delete.request'; id: string }
  | { type: 'theme.delete.confirm' }
  | { type: 'theme.delete.cancel' };

const initialContext: ThemeContext = {
  themes: [],
  form: DEFAULT_NEW_THEME,
  errorKey: null,
  fieldErrors: {},
  pendingDeleteId: null,
  activatingId: null,
};

function notProvided(name: string): never {
  throw new Error(`${name} is not provided; plug it in with machine.provide()`);
}

/** The error toast of a failed call: the first field's key (e.g. validation.required), else the code. */
export function failureNotice(error: unknown): Notice {
  return { kind: 'error', key: toastKeyOf(toAppError(error)) };
}

function fieldErrorsOf(error: unknown): Partial<Record<ThemeFormField, string>> {
  const fields = toAppError(error).fields ?? {};
  const known = Object.keys(DEFAULT_NEW_THEME) as ThemeFormField[];
  return Object.fromEntries(known.flatMap((field) => (fields[field] ? [[field, fields[field]]] : [])));
}

export const themeMachine = setup({
  types: {
    context: {} as ThemeContext,
    events: {} as ThemeEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Reads the list through the QueryClient (key ['themes']). */
    loadThemes: fromPromise<Theme[]>(async () => notProvided('loadThemes')),
    createTheme: fromPromise<Theme, CreateThemeRequest>(async () => notProvided('createTheme')),
    activateTheme: fromPromise<Theme, { id: string }>(async () => notProvided('activateTheme')),
    deleteTheme: fromPromise<void, { id: string }>(async () => notProvided('deleteTheme')),
  },
  actions: {
    /** Marks the cached ['themes'] query stale, so the refetch (and any screen query) hits the server. */
    invalidateThemes: () => {},
    notify: (_, _notice: Notice) => {},
    storeThemes: assign((_, themes: Theme[]) => ({ themes, errorKey: null })),
    storeFailure: assign((_, params: { error: unknown }) => ({
      errorKey: toAppError(params.error).code,
      fieldErrors: fieldErrorsOf(params.error),
    })),
    changeFormField: assign(({ context }, params: { field: ThemeFormField; value: string }) => {
      const { [params.field]: _corrected, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [params.field]: params.value }, fieldErrors };
    }),
    resetForm: assign({ form: DEFAULT_NEW_THEME, fieldErrors: {} }),
    clearErrors: assign({ errorKey: null, fieldErrors: {} }),
    forgetPending: assign({ pendingDeleteId: null, activatingId: null }),
    forgetThemes: assign(() => initialContext),
  },
  guards: {
    isInactiveTheme: ({ context }, params: { id: string }) =>
      context.themes.some((theme) => theme.id === params.id && !theme.is_active),
    isKnownTheme: ({ context }, params: { id: string }) =>
      context.themes.some((theme) => theme.id === params.id),
  },
}).createMachine({
  id: 'theme',
  context: initialContext,
  initial: 'idle',
  on: {
    // Signing out forgets every theme, whatever was in flight.
    'theme.unload': { target: '.idle', actions: 'forgetThemes' },
    'theme.form.change': {
      actions: {
        type: 'changeFormField',
        params: ({ event }) => ({ field: event.field, value: event.value }),
      },
    },
  },
  states: {
    idle: {
      on: { 'theme.load': 'loading' },
    },
    loading: {
      tags: ['busy'],
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
    failed: {
      on: { 'theme.retry': 'loading' },
    },
    ready: {
      on: {
        'theme.add': { target: 'adding', actions: 'clearErrors' },
        'theme.activate': {
          guard: { type: 'isInactiveTheme', params: ({ event }) => ({ id: event.id }) },
          target: 'activating',
          actions: [assign({ activatingId: ({ event }) => event.id }), 'clearErrors'],
        },
        'theme.delete.request': {
          guard: { type: 'isKnownTheme', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: assign({ pendingDeleteId: ({ event }) => event.id }),
        },
      },
    },
    confirmingDelete: {
      on: {
        'theme.delete.cancel': { target: 'ready', actions: 'forgetPending' },
        'theme.delete.confirm': { target: 'deleting', actions: 'clearErrors' },
      },
    },

    // Each mutation is followed by an invalidate and a refetch of the list (spec §7).
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'createTheme',
        src: 'createTheme',
        input: ({ context }) => context.form,
        onDone: {
          target: 'refetching',
          actions: [
            { type: 'notify', params: { kind: 'success', key: 'themes.added' } },
            'resetForm',
            'invalidateThemes',
          ],
        },
        // The form keeps what the user typed, so they can correct it.
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
    activating: {
      tags: ['busy'],
      exit: 'forgetPending',
      invoke: {
        id: 'activateTheme',
        src: 'activateTheme',
        input: ({ context }) => ({ id: context.activatingId ?? '' }),
        onDone: {
          target: 'refetching',
          actions: [
            { type: 'notify', params: { kind: 'success', key: 'themes.activated' } },
            'invalidateThemes',
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
    deleting: {
      tags: ['busy'],
      exit: 'forgetPending',
      invoke: {
        id: 'deleteTheme',
        src: 'deleteTheme',
        input: ({ context }) => ({ id: context.pendingDeleteId ?? '' }),
        onDone: {
          target: 'refetching',
          actions: [
            { type: 'notify', params: { kind: 'success', key: 'themes.deleted' } },
            'invalidateThemes',
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
    refetching: {
      tags: ['busy'],
      invoke: {
        id: 'refetchThemes',
        src: 'loadThemes',
        onDone: { target: 'ready', actions: { type: 'storeThemes', params: ({ event }) => event.output } },
        // The list on screen stays; the toast says it may be stale.
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
  },
});

export type ThemeActorRef = ActorRefFrom<typeof themeMachine>;
export type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

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

export const selectThemes = (snapshot: ThemeSnapshot): Theme[] => snapshot.context.themes;
export const selectActiveTheme = (snapshot: ThemeSnapshot): Theme | null =>
  pickActiveTheme(snapshot.context.themes);
/** The page colours: the active theme's, or the fallback theme's (text is always #1F2937). */
export const selectAppliedColors = (snapshot: ThemeSnapshot): AppliedColors =>
  colorsOf(selectActiveTheme(snapshot));
export const selectForm = (snapshot: ThemeSnapshot): CreateThemeRequest => snapshot.context.form;
export const selectFieldErrors = (snapshot: ThemeSnapshot): ThemeContext['fieldErrors'] =>
  snapshot.context.fieldErrors;
export const selectErrorKey = (snapshot: ThemeSnapshot): string | null => snapshot.context.errorKey;
export const selectIsBusy = (snapshot: ThemeSnapshot): boolean => snapshot.hasTag('busy');
/** The theme the delete confirmation asks about. */
export const selectPendingDelete = (snapshot: ThemeSnapshot): Theme | null =>
  snapshot.context.themes.find((theme) => theme.id === snapshot.context.pendingDeleteId) ?? null;
