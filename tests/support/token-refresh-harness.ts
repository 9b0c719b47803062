import { vi } from 'vitest';
import { createActor } from 'xstate';
import type { TokenPair } from '../../contract/auth.contract.ts';
import { tokenRefreshMachine } from '../../src/machines/token-refresh.machine.ts';
import { controlledActor } from './controlled-actor.ts';

/** The token-refresh machine with a hand-settled refresh call and spies for what auth is told. */
export function createTokenRefreshHarness() {
  const refresh = controlledActor<TokenPair>();
  const announceTokensRefreshed = vi.fn((_: unknown, _tokens: TokenPair) => {});
  const announceSessionExpired = vi.fn();
  const tokenRefresh = createActor(
    tokenRefreshMachine.provide({
      actors: { refreshAccessToken: refresh.logic },
      actions: { announceTokensRefreshed, announceSessionExpired },
    }),
  ).start();
  return { tokenRefresh, refresh, announceTokensRefreshed, announceSessionExpired };
}
