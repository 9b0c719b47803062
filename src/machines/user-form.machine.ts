/**
 * The users screen's dialogs: create a user, edit one (including activate / deactivate), and add
 * (or take away) quota. One dialog is open at a time, so one machine holds them all:
 *
 *   closed --userForm.create / .edit {user} / .quota {user}--> editing --userForm.submit--> saving
 *   saving --done--> closed (toast + `saved`, the screen refreshes its list)
 *   saving --error--> editing (the server's field errors beside their fields, else its message)
 *
 * Input is checked with the contract's schemas first (user-form.requests.ts): a refused form
 * makes no request and keeps everything typed.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AdminUser } from '../../contract/users.contract.ts';
import { toAppError } from '../lib/app-error.ts';
import { notProvided, type Notice } from './notify.ts';
import {
  checkForm,
  emptyValues,
  valuesOf,
  type FieldErrors,
  type SaveRequest,
  type UserFormField,
  type UserFormKind,
  type UserFormValues,
} from './user-form.requests.ts';

export type { UserFormField, UserFormKind, UserFormValues } from './user-form.requests.ts';

export interface UserFormContext {
  kind: UserFormKind;
  /** The user being edited or topped up; null while creating. */
  user: AdminUser | null;
  values: UserFormValues;
  fieldErrors: FieldErrors;
  /** A message about the whole form (errors.* or validation.*), shown above the buttons. */
  errorKey: string | null;
}

export type UserFormEvent =
  | { type: 'userForm.create' }
  | { type: 'userForm.edit'; user: AdminUser }
  | { type: 'userForm.quota'; user: AdminUser }
  | { type: 'userForm.change'; field: UserFormField; value: string | boolean }
  | { type: 'userForm.submit' }
  | { type: 'userForm.close' };

const successKeys: Record<UserFormKind, string> = {
  create: 'users:notices.created',
  edit: 'users:notices.updated',
  quota: 'users:notices.quotaAdded',
};

const opened = (kind: UserFormKind, user: AdminUser | null): Partial<UserFormContext> => ({
  kind,
  user,
  values: user && kind === 'edit' ? valuesOf(user) : emptyValues,
  fieldErrors: {},
  errorKey: null,
});

export const userFormMachine = setup({
  types: { context: {} as UserFormContext, events: {} as UserFormEvent, tags: {} as 'busy' },
  actors: {
    save: fromPromise<AdminUser, SaveRequest>(async () => notProvided('save')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The screen refreshes the users list here. */
    saved: () => {},
    openCreate: assign(() => opened('create', null)),
    openEdit: assign((_, user: AdminUser) => opened('edit', user)),
    openQuota: assign((_, user: AdminUser) => opened('quota', user)),
    change: assign(({ context }, params: { field: UserFormField; value: string | boolean }) => {
      // The field's old complaint goes once it is edited; the others stay until the next try.
      const { [params.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [params.field]: params.value }, fieldErrors, errorKey: null };
    }),
    refuse: assign(({ context }) => {
      const checked = checkForm(context.kind, context.user, context.values);
      return checked.ok ? {} : { fieldErrors: checked.fieldErrors, errorKey: checked.errorKey };
    }),
    storeFailure: assign((_, params: { error: unknown }) => {
      const appError = toAppError(params.error);
      const fieldErrors = appError.fields ?? {};
      const named = Object.keys(fieldErrors).length > 0;
      return { fieldErrors, errorKey: named ? null : appError.code };
    }),
  },
  guards: {
    isValid: ({ context }) => checkForm(context.kind, context.user, context.values).ok,
  },
}).createMachine({
  id: 'userForm',
  context: { kind: 'create', user: null, values: emptyValues, fieldErrors: {}, errorKey: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'userForm.create': { target: 'editing', actions: 'openCreate' },
        'userForm.edit': {
          target: 'editing',
          actions: { type: 'openEdit', params: ({ event }) => event.user },
        },
        'userForm.quota': {
          target: 'editing',
          actions: { type: 'openQuota', params: ({ event }) => event.user },
        },
      },
    },
    editing: {
      on: {
        'userForm.change': {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'userForm.submit': [{ guard: 'isValid', target: 'saving' }, { actions: 'refuse' }],
        'userForm.close': { target: 'closed' },
      },
    },
    // Closing is refused while the request is out: its answer decides what the dialog shows.
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => {
          const checked = checkForm(context.kind, context.user, context.values);
          if (!checked.ok) throw new Error('saving is entered only with a valid form');
          return checked.request;
        },
        onDone: {
          target: 'closed',
          actions: [
            {
              type: 'notify',
              params: ({ context }) => ({ kind: 'success', key: successKeys[context.kind] }),
            },
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type UserFormActorRef = ActorRefFrom<typeof userFormMachine>;
export type UserFormSnapshot = SnapshotFrom<typeof userFormMachine>;

export const selectFormOpen = (snapshot: UserFormSnapshot) => !snapshot.matches('closed');
export const selectFormSaving = (snapshot: UserFormSnapshot) => snapshot.hasTag('busy');
export const selectFormKind = (snapshot: UserFormSnapshot) => snapshot.context.kind;
export const selectFormUser = (snapshot: UserFormSnapshot) => snapshot.context.user;
export const selectFormValues = (snapshot: UserFormSnapshot) => snapshot.context.values;
export const selectFieldErrors = (snapshot: UserFormSnapshot) => snapshot.context.fieldErrors;
export const selectFormError = (snapshot: UserFormSnapshot) => snapshot.context.errorKey;
