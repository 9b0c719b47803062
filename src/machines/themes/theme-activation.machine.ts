import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Theme } from '../../../contract/theme.contract.ts';
import { failureNotice, notProvided, type Notice } from '../notify.ts';

export interface ThemeActivationContext {
  activatingId: string | null;
}

export type ThemeActivationEvent = { type: 'theme.activate'; id: string };

/**
 * "Activate" on a theme card: one activation at a time. The server deactivates the others, so
 * on success the screen reads the list again and the app recolours (the `themesChanged` action).
 * Whether a card offers the button (inactive themes only) is the card's own theme state.
 */
export const themeActivationMachine = setup({
  types: { context: {} as ThemeActivationContext, events: {} as ThemeActivationEvent, tags: {} as 'busy' },
  actors: {
    activateTheme: fromPromise<Theme, { id: string }>(async () => notProvided('activateTheme')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    themesChanged: () => {},
    forgetActivating: assign({ activatingId: null }),
  },
}).createMachine({
  id: 'themeActivation',
  context: { activatingId: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'theme.activate': {
          target: 'activating',
          actions: assign({ activatingId: ({ event }) => event.id }),
        },
      },
    },
    activating: {
      tags: ['busy'],
      exit: 'forgetActivating',
      invoke: {
        id: 'activateTheme',
        src: 'activateTheme',
        input: ({ context }) => ({ id: context.activatingId ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notify', params: { kind: 'success', key: 'themes.activated' } },
            'themesChanged',
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'notify', params: ({ event }) => failureNotice(event.error) },
        },
      },
    },
  },
});

export type ThemeActivationActorRef = ActorRefFrom<typeof themeActivationMachine>;
export type ThemeActivationSnapshot = SnapshotFrom<typeof themeActivationMachine>;

export const selectActivatingId = (snapshot: ThemeActivationSnapshot): string | null =>
  snapshot.context.activatingId;
