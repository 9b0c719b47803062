/**
 * The HTTP v1 reference screen: it reads the OpenAPI document the server generated from the
 * contract. loading -> ready | failed, and `retry` from failed.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toAppError, toastKeyOf } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

export type OpenApiDocument = Record<string, unknown>;

export const apiReferenceMachine = setup({
  types: {
    context: {} as { document: OpenApiDocument | null; errorKey: string | null },
    events: {} as { type: 'retry' },
  },
  actors: {
    loadDocument: fromPromise<OpenApiDocument>(async () => notProvided('loadDocument')),
  },
}).createMachine({
  id: 'apiReference',
  initial: 'loading',
  context: { document: null, errorKey: null },
  states: {
    loading: {
      invoke: {
        src: 'loadDocument',
        onDone: {
          target: 'ready',
          actions: assign({ document: ({ event }) => event.output, errorKey: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ errorKey: ({ event }) => toastKeyOf(toAppError(event.error)) }),
        },
      },
    },
    ready: {},
    failed: { on: { retry: 'loading' } },
  },
});

export type ApiReferenceActorRef = ActorRefFrom<typeof apiReferenceMachine>;
export type ApiReferenceSnapshot = SnapshotFrom<typeof apiReferenceMachine>;
