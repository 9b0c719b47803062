import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { ContactRequest } from '../../contract/contact.contract.ts';
import { toAppError } from '../lib/app-error.ts';
import { notProvided, type Notice } from './notify.ts';

export type ContactField = 'full_name' | 'phone' | 'email' | 'company' | 'message';
export const contactFields: readonly ContactField[] = ['full_name', 'phone', 'email', 'company', 'message'];

export interface ContactFormContext {
  values: Record<ContactField, string>;
  /** Field -> validation.* key from the server (a malformed phone or address). */
  fieldErrors: Partial<Record<ContactField, string>>;
  /** The form-level message: "Please fill in all fields", "Failed to send the message!", ... */
  errorKey: string | null;
}

export type ContactFormEvent =
  | { type: 'contact.change'; field: ContactField; value: string }
  | { type: 'contact.send'; language: 'ar' | 'en' };

const empty: Record<ContactField, string> = { full_name: '', phone: '', email: '', company: '', message: '' };

/** The landing page's contact form (spec §3 Contact form, §5, §8). */
export const contactFormMachine = setup({
  types: { context: {} as ContactFormContext, events: {} as ContactFormEvent, tags: {} as 'busy' },
  actors: {
    sendContactMessage: fromPromise<void, ContactRequest>(async () => notProvided('sendContactMessage')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    storeFailure: assign((_, params: { error: unknown }) => {
      const error = toAppError(params.error);
      const fieldErrors = error.fields ?? {};
      // A refusal with named fields is explained beside them; anything else is "failed to send".
      const errorKey =
        Object.keys(fieldErrors).length > 0
          ? null
          : error.code === 'errors.tooManyAttempts'
            ? error.code
            : 'contactForm.failed';
      return { fieldErrors, errorKey };
    }),
  },
  guards: {
    areAllFieldsFilled: ({ context }) =>
      contactFields.every((field) => context.values[field].trim().length > 0),
  },
}).createMachine({
  id: 'contactForm',
  context: { values: empty, fieldErrors: {}, errorKey: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'contact.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
            return { values: { ...context.values, [event.field]: event.value }, fieldErrors, errorKey: null };
          }),
        },
        'contact.send': [
          {
            guard: 'areAllFieldsFilled',
            target: 'sending',
            actions: assign({ errorKey: null, fieldErrors: {} }),
          },
          { actions: assign({ errorKey: 'contactForm.fillAllFields' }) },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendContactMessage',
        src: 'sendContactMessage',
        input: ({ context, event }) => ({
          ...context.values,
          language: event.type === 'contact.send' ? event.language : 'ar',
        }),
        onDone: {
          target: 'editing',
          // Spec §8: "messages sent" and "fields cleared".
          actions: [
            assign({ values: empty }),
            { type: 'notify', params: { kind: 'success', key: 'contactForm.sent' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'notify', params: { kind: 'error', key: 'contactForm.failed' } },
          ],
        },
      },
    },
  },
});

export type ContactFormActorRef = ActorRefFrom<typeof contactFormMachine>;
