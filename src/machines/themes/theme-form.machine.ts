import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CreateThemeRequest, Theme } from '../../../contract/theme.contract.ts';
import { DEFAULT_NEW_THEME } from '../../../contract/theme.defaults.ts';
import { toAppError } from '../../lib/app-error.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export type ThemeFormField = keyof CreateThemeRequest;

export interface ThemeFormContext {
  /** No client-side check (spec §5): the server answers with field keys. */
  form: CreateThemeRequest;
  /** Field name -> validation.* key, from the server's 400/409 answer. */
  fieldErrors: Partial<Record<ThemeFormField, string>>;
}

export type ThemeFormEvent =
  { type: 'theme.form.change'; field: ThemeFormField; value: string } | { type: 'theme.add' };

const initialContext: ThemeFormContext = { form: DEFAULT_NEW_THEME, fieldErrors: {} };

function fieldErrorsOf(error: unknown): ThemeFormContext['fieldErrors'] {
  const fields = toAppError(error).fields ?? {};
  const known = Object.keys(DEFAULT_NEW_THEME) as ThemeFormField[];
  return Object.fromEntries(known.flatMap((field) => (fields[field] ? [[field, fields[field]]] : [])));
}

/** "Add new theme" on the themes screen: the values, the send, and the server's field errors. */
export const themeFormMachine = setup({
  types: { context: {} as ThemeFormContext, events: {} as ThemeFormEvent, tags: {} as 'busy' },
  actors: {
    createTheme: fromPromise<Theme, CreateThemeRequest>(async () => notProvided('createTheme')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** A theme was added: the screen refreshes its list (and the app its colours) here. */
    themesChanged: () => {},
    changeFormField: assign(({ context }, params: { field: ThemeFormField; value: string }) => {
      const { [params.field]: _corrected, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, [params.field]: params.value }, fieldErrors };
    }),
    resetForm: assign(() => initialContext),
    clearErrors: assign({ fieldErrors: {} }),
    storeFieldErrors: assign((_, params: { error: unknown }) => ({
      fieldErrors: fieldErrorsOf(params.error),
    })),
  },
}).createMachine({
  id: 'themeForm',
  context: initialContext,
  initial: 'editing',
  on: {
    // Typing goes on while a send is under way; what is sent was fixed when it started.
    'theme.form.change': {
      actions: {
        type: 'changeFormField',
        params: ({ event }) => ({ field: event.field, value: event.value }),
      },
    },
  },
  states: {
    editing: {
      on: { 'theme.add': { target: 'adding', actions: 'clearErrors' } },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'createTheme',
        src: 'createTheme',
        input: ({ context }) => context.form,
        onDone: {
          target: 'editing',
          actions: [
            { type: 'notify', params: { kind: 'success', key: 'themes.added' } },
            'resetForm',
            'themesChanged',
          ],
        },
        // The form keeps what the user typed, so they can correct it.
        onError: {
          target: 'editing',
          actions: [
            { type: 'storeFieldErrors', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
  },
});

export type ThemeFormActorRef = ActorRefFrom<typeof themeFormMachine>;
export type ThemeFormSnapshot = SnapshotFrom<typeof themeFormMachine>;

export const selectForm = (snapshot: ThemeFormSnapshot): CreateThemeRequest => snapshot.context.form;
export const selectFieldErrors = (snapshot: ThemeFormSnapshot): ThemeFormContext['fieldErrors'] =>
  snapshot.context.fieldErrors;
export const selectIsAdding = (snapshot: ThemeFormSnapshot): boolean => snapshot.hasTag('busy');
