import { assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { errorCodes, validationKeys } from '../../../contract/errors.contract.ts';
import { passwordSchema } from '../../../contract/password.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided, type Notice } from '../notify.ts';

/**
 * Reset password (spec §4 "reset link, valid or invalid"): the link is checked first; a valid
 * one shows the form, which is a parallel state: a validation region that judges the two fields
 * as they are typed, and a submission region that sends them only while they are valid.
 */
export interface ResetPasswordContext {
  token: string;
  password: string;
  confirmation: string;
  /** Field -> validation.* key, from the local rules or the server's answer. */
  fieldErrors: { password?: string; password_confirmation?: string };
  errorKey: string | null;
}

export type ResetPasswordEvent =
  | { type: 'reset.password.change'; value: string }
  | { type: 'reset.confirmation.change'; value: string }
  | { type: 'reset.submit' };

/** The local rules, the same schema the server applies. */
export function passwordFieldErrors(
  password: string,
  confirmation: string,
): ResetPasswordContext['fieldErrors'] {
  const errors: ResetPasswordContext['fieldErrors'] = {};
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) errors.password = parsed.error.issues[0]?.message ?? validationKeys.invalid;
  if (confirmation !== password) errors.password_confirmation = validationKeys.passwordMismatch;
  return errors;
}

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string | null },
    tags: {} as 'busy',
  },
  actors: {
    checkResetLink: fromPromise<void, { token: string }>(async () => notProvided('checkResetLink')),
    resetPassword: fromPromise<void, { token: string; password: string; password_confirmation: string }>(
      async () => notProvided('resetPassword'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    /** The router goes to sign-in; the machine only says when. */
    goToLogin: () => {},
    validateFields: assign(({ context }) => ({
      fieldErrors: passwordFieldErrors(context.password, context.confirmation),
    })),
    storeSubmitFailure: assign((_, params: { error: unknown }) => {
      const appError = toAppError(params.error);
      return { errorKey: appError.code, fieldErrors: appError.fields ?? {} };
    }),
  },
  guards: {
    hasToken: ({ context }) => context.token.length > 0,
    areFieldsValid: ({ context }) =>
      Object.keys(passwordFieldErrors(context.password, context.confirmation)).length === 0,
    isLinkRefused: (_, params: { error: unknown }) =>
      toAppError(params.error).code === errorCodes.invalidResetLink,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    token: input.token ?? '',
    password: '',
    confirmation: '',
    fieldErrors: {},
    errorKey: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      tags: ['busy'],
      // A link without a token cannot be valid; no need to ask the server.
      always: { guard: not('hasToken'), target: 'invalid' },
      invoke: {
        id: 'checkResetLink',
        src: 'checkResetLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'valid',
        onError: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          {
            target: 'linkCheckFailed',
            actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
          },
        ],
      },
    },
    /** The check itself failed (offline): the link may still be good, so it can be tried again. */
    linkCheckFailed: {
      on: { 'reset.submit': 'checkingLink' },
    },
    invalid: {},
    valid: {
      type: 'parallel',
      states: {
        validation: {
          initial: 'pristine',
          states: {
            pristine: {},
            judged: {},
          },
          on: {
            'reset.password.change': {
              target: '.judged',
              actions: [assign({ password: ({ event }) => event.value }), 'validateFields'],
            },
            'reset.confirmation.change': {
              target: '.judged',
              actions: [assign({ confirmation: ({ event }) => event.value }), 'validateFields'],
            },
          },
        },
        submission: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'reset.submit': [
                  // The server's answer to an earlier try no longer applies.
                  {
                    guard: 'areFieldsValid',
                    target: 'submitting',
                    actions: assign({ errorKey: null, fieldErrors: {} }),
                  },
                  // Shows every rule at once, also for fields never touched.
                  { actions: 'validateFields' },
                ],
              },
            },
            submitting: {
              tags: ['busy'],
              invoke: {
                id: 'resetPassword',
                src: 'resetPassword',
                input: ({ context }) => ({
                  token: context.token,
                  password: context.password,
                  password_confirmation: context.confirmation,
                }),
                onDone: '#resetPassword.done',
                onError: [
                  {
                    guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) },
                    target: '#resetPassword.invalid',
                  },
                  {
                    target: 'idle',
                    actions: { type: 'storeSubmitFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
          },
        },
      },
    },
    done: {
      entry: [{ type: 'notify', params: { kind: 'success', key: 'auth.resetPassword.done' } }, 'goToLogin'],
      type: 'final',
    },
  },
});

export type ResetPasswordActorRef = ActorRefFrom<typeof resetPasswordMachine>;
export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;
