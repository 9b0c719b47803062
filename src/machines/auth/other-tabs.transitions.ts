import { assign } from 'xstate';
import { tokensStoredElsewhere } from '../other-tabs.ts';
import { authSetup } from './auth.setup.ts';

// Another tab signed out. It already cleared the storage and cookie; clearing them again here
// could erase a sign-in that tab has made since.
const signedOutElsewhere = [
  'forgetSignIn',
  'announceSessionChanged',
  { type: 'notify', params: { kind: 'success', key: 'auth.signedOutElsewhere' } },
] as const;

/**
 * How a signed-in tab follows the other tabs of its browser, which share the stored sign-in
 * (the watchOtherTabs actor reports changes; the rules are ../other-tabs.ts).
 */
export const otherTabs = authSetup.createStateConfig({
  on: {
    'auth.storedSessionChanged': [
      { guard: 'isSignedOutElsewhere', target: 'signedOut', actions: signedOutElsewhere },
      {
        guard: 'hasTokensRotatedElsewhere',
        actions: [assign(({ event }) => tokensStoredElsewhere(event)), 'persistSession'],
      },
    ],
    'auth.signedOutElsewhere': { target: 'signedOut', actions: signedOutElsewhere },
  },
}).on;
