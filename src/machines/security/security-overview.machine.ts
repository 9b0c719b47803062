import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type {
  SecuritySettings,
  SessionInfo,
  SignIn,
  TwoFactorStatus,
} from '../../../contract/security.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

/** What the load actor answers: everything Settings -> Security shows at once. */
export type SecurityOverview = {
  status: TwoFactorStatus;
  sessions: SessionInfo[];
  signIns: SignIn[];
  /** Administrators only: the rule for everyone; null for senders. */
  settings: SecuritySettings | null;
};

/**
 * Settings -> Security's data: two-factor status, sessions, sign-in history (and the admins'
 * rule), loaded together and read again after every change the screen's forms make. Each load
 * says whether the account still owes the set-up an administrator requires (`twoFactorMissing`:
 * the dashboard holds it here, the auth machine's twoFactorSetup, even after a reload of this
 * page) or not (`twoFactorSettled`: on, or no longer required, so the account is free again).
 */
export interface SecurityOverviewContext {
  overview: SecurityOverview | null;
  errorKey: string | null;
}

export type SecurityOverviewEvent = { type: 'security.reload' };

export const securityOverviewMachine = setup({
  types: {
    context: {} as SecurityOverviewContext,
    events: {} as SecurityOverviewEvent,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<SecurityOverview>(async () => notProvided('load')),
  },
  actions: {
    /** The wiring tells the auth machine (auth.twoFactorSetUp). */
    twoFactorSettled: () => {},
    /** The wiring tells the auth machine (auth.twoFactorSetupRequired). */
    twoFactorMissing: () => {},
  },
  guards: {
    isTwoFactorSettled: (_, overview: SecurityOverview) =>
      overview.status.enabled || !overview.status.required,
  },
}).createMachine({
  id: 'securityOverview',
  context: { overview: null, errorKey: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          {
            guard: { type: 'isTwoFactorSettled', params: ({ event }) => event.output },
            target: 'ready',
            actions: [assign({ overview: ({ event }) => event.output, errorKey: null }), 'twoFactorSettled'],
          },
          {
            target: 'ready',
            actions: [assign({ overview: ({ event }) => event.output, errorKey: null }), 'twoFactorMissing'],
          },
        ],
        onError: {
          target: 'failed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    ready: { on: { 'security.reload': 'loading' } },
    failed: { on: { 'security.reload': 'loading' } },
  },
});

export type SecurityOverviewActorRef = ActorRefFrom<typeof securityOverviewMachine>;
export type SecurityOverviewSnapshot = SnapshotFrom<typeof securityOverviewMachine>;
