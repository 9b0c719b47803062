import { fromPromise } from 'xstate';
import { contactEndpoints } from '../../../contract/contact.contract.ts';
import { contactFormMachine } from '../../machines/contact-form.machine.ts';
import type { Notify } from '../../machines/notify.ts';
import type { Call } from '../../services/http.ts';

/** The landing page's contact form with its real call. */
export function provideContactForm({ call, notify }: { call: Call; notify: Notify }) {
  return contactFormMachine.provide({
    actors: {
      sendContactMessage: fromPromise(async ({ input, signal }) => {
        await call(contactEndpoints.send, { body: input }, signal);
      }),
    },
    actions: { notify: (_, notice) => notify(notice) },
  });
}
