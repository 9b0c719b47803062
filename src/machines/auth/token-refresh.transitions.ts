import { assign } from 'xstate';
import { errorCodes } from '../../../contract/errors.contract.ts';
import { authSetup, forgetSession } from './auth.setup.ts';

/**
 * What the token-refresh machine (../token-refresh.machine.ts) tells a signed-in auth machine:
 * a new token pair, or that the refresh token is dead (then the user is signed out, no logout call).
 */
export const tokenRefresh = authSetup.createStateConfig({
  on: {
    'auth.tokensRefreshed': {
      actions: [assign(({ event }) => ({ access: event.access, refresh: event.refresh })), 'persistSession'],
    },
    'auth.sessionExpired': {
      target: 'signedOut',
      actions: [
        ...forgetSession,
        { type: 'notify', params: { kind: 'error', key: errorCodes.sessionExpired } },
      ],
    },
  },
}).on;
