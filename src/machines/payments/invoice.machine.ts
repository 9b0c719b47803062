/**
 * The printable invoice of a paid order (issue 19): `loading` -> `ready` | `failed`
 * (`invoice.retry`); `invoice.print` asks the browser to print it (or save it as PDF).
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { Invoice } from '../../../contract/payments.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

export interface InvoiceContext {
  orderId: string;
  invoice: Invoice | null;
  errorKey: string | null;
}

export type InvoiceEvent = { type: 'invoice.retry' } | { type: 'invoice.print' };

export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
    input: {} as { orderId: string },
  },
  actors: {
    loadInvoice: fromPromise<Invoice, { id: string }>(async () => notProvided('loadInvoice')),
  },
  actions: { print: () => {} },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({ orderId: input.orderId, invoice: null, errorKey: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ id: context.orderId }),
        onDone: {
          target: 'ready',
          actions: assign({ invoice: ({ event }) => event.output, errorKey: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    failed: { on: { 'invoice.retry': 'loading' } },
    ready: { on: { 'invoice.print': { actions: 'print' } } },
  },
});

export type InvoiceActorRef = ActorRefFrom<typeof invoiceMachine>;
