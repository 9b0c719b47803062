import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { TokenPair } from '../../contract/auth.contract.ts';
import { notProvided } from './notify.ts';

/** A caller whose request got a 401 and now waits for the new access token. */
export interface RefreshWaiter {
  resolve: (access: string) => void;
  reject: (error: unknown) => void;
}

export interface TokenRefreshContext {
  waiters: RefreshWaiter[];
}

export type TokenRefreshEvent = { type: 'token.refresh.request' } & RefreshWaiter;

/**
 * Refresh tokens rotate (the old one dies on use), so two refreshes at once would sign the user
 * out. Every 401 therefore queues here and the first one starts the only refresh in flight.
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** Exchanges the auth machine's current refresh token for a new pair. */
    refreshAccessToken: fromPromise<TokenPair>(async () => notProvided('refreshAccessToken')),
  },
  actions: {
    addWaiter: assign({
      waiters: ({ context, event }) => [...context.waiters, { resolve: event.resolve, reject: event.reject }],
    }),
    resolveWaiters: ({ context }, tokens: TokenPair) => {
      for (const waiter of context.waiters) waiter.resolve(tokens.access);
    },
    rejectWaiters: ({ context }, params: { error: unknown }) => {
      for (const waiter of context.waiters) waiter.reject(params.error);
    },
    dropWaiters: assign({ waiters: [] }),
    /** Sends auth.tokensRefreshed to the auth machine. */
    announceTokensRefreshed: (_, _tokens: TokenPair) => {},
    /** Sends auth.sessionExpired to the auth machine. */
    announceSessionExpired: () => {},
  },
}).createMachine({
  id: 'tokenRefresh',
  context: { waiters: [] },
  initial: 'idle',
  states: {
    idle: {
      on: { 'token.refresh.request': { target: 'refreshing', actions: 'addWaiter' } },
    },
    refreshing: {
      tags: ['busy'],
      on: { 'token.refresh.request': { actions: 'addWaiter' } },
      invoke: {
        id: 'refreshAccessToken',
        src: 'refreshAccessToken',
        onDone: {
          target: 'idle',
          // Auth stores the new pair before the waiters retry, so every retry reads it.
          actions: [
            { type: 'announceTokensRefreshed', params: ({ event }) => event.output },
            { type: 'resolveWaiters', params: ({ event }) => event.output },
            'dropWaiters',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'rejectWaiters', params: ({ event }) => ({ error: event.error }) },
            'announceSessionExpired',
            'dropWaiters',
          ],
        },
      },
    },
  },
});

export type TokenRefreshActorRef = ActorRefFrom<typeof tokenRefreshMachine>;
export type TokenRefreshSnapshot = SnapshotFrom<typeof tokenRefreshMachine>;

/** What the http client awaits on a 401: the new access token, or the refresh failure. */
export function requestRefresh(actor: TokenRefreshActorRef): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    if (actor.getSnapshot().status !== 'active') {
      reject(new Error('The token-refresh actor is not running'));
      return;
    }
    actor.send({ type: 'token.refresh.request', resolve, reject });
  });
}
