/**
 * Administrators' payment settings (issue 19): the manual provider's bank-transfer instructions,
 * custom amounts and the seller printed on invoices.
 * `loading` -> `editing` | `loadFailed` (`settings.retry`); in `editing`, `settings.change
 * {field, value}` then `settings.save` -> `saving` -> `editing` (saved, or the server's field
 * errors beside their fields).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { PaymentSettings } from '../../../contract/payments.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export type SettingsField = keyof PaymentSettings;

export interface PaymentSettingsContext {
  values: PaymentSettings | null;
  fieldErrors: Record<string, string>;
  errorKey: string | null;
}

export type PaymentSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'settings.change'; field: SettingsField; value: PaymentSettings[SettingsField] }
  | { type: 'settings.save' };

export const paymentSettingsMachine = setup({
  types: { context: {} as PaymentSettingsContext, events: {} as PaymentSettingsEvent, tags: {} as 'busy' },
  actors: {
    loadSettings: fromPromise<PaymentSettings, void>(async () => notProvided('loadSettings')),
    saveSettings: fromPromise<PaymentSettings, PaymentSettings>(async () => notProvided('saveSettings')),
  },
  actions: { notify: (_, _notice: Notice) => {} },
}).createMachine({
  id: 'paymentSettings',
  context: { values: null, fieldErrors: {}, errorKey: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: {
          target: 'editing',
          actions: assign({ values: ({ event }) => event.output, errorKey: null }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    loadFailed: { on: { 'settings.retry': 'loading' } },
    editing: {
      on: {
        'settings.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
            return {
              values: context.values ? { ...context.values, [event.field]: event.value } : null,
              fieldErrors,
            };
          }),
        },
        'settings.save': 'saving',
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.values!,
        onDone: {
          target: 'editing',
          actions: [
            assign({ values: ({ event }) => event.output, fieldErrors: {} }),
            { type: 'notify', params: { kind: 'success', key: 'payments:settings.saved' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ fieldErrors: ({ event }) => toAppError(event.error).fields ?? {} }),
            { type: 'notify', params: ({ event }) => failureNotice(event.error) },
          ],
        },
      },
    },
  },
});

export type PaymentSettingsActorRef = ActorRefFrom<typeof paymentSettingsMachine>;
