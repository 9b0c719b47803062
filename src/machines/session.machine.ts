import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { SESSION_MARKERS } from '../../contract/session-marker.ts';

/**
 * The session cookie's role marker, re-read whenever the sign-in changes. The route rules that
 * read it live in src/app/route-rules.ts.
 */

export interface SessionContext {
  marker: string | null;
}

export type SessionEvent = { type: 'session.changed' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    /** Replaced in the composition root by a read of document.cookie. */
    readMarker: assign({ marker: ({ context }) => context.marker }),
  },
  guards: {
    hasAdminMarker: ({ context }) => context.marker === SESSION_MARKERS.admin,
    hasSenderMarker: ({ context }) => context.marker === SESSION_MARKERS.sender,
  },
}).createMachine({
  id: 'session',
  context: { marker: null },
  entry: 'readMarker',
  initial: 'deciding',
  on: {
    'session.changed': { target: '.deciding', reenter: true, actions: 'readMarker' },
  },
  states: {
    deciding: {
      always: [
        { guard: 'hasAdminMarker', target: 'admin' },
        { guard: 'hasSenderMarker', target: 'sender' },
        { target: 'anonymous' },
      ],
    },
    anonymous: {},
    sender: {},
    admin: {},
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectMarker = (snapshot: SessionSnapshot): string | null => snapshot.context.marker;
export const selectRole = (snapshot: SessionSnapshot): 'admin' | 'sender' | null =>
  snapshot.matches('admin') ? 'admin' : snapshot.matches('sender') ? 'sender' : null;
