/**
 * The administrators' bank-transfer accounts, one per currency (issue 37): `loading` ->
 * `ready` | `failed` (`bank.retry`); a saved or removed account reloads the list
 * (`bank.reload`). The saving itself is each currency form's submit actor.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import type { BankAccount } from '../../../contract/bank-accounts.contract.ts';
import { toAppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

export interface BankAccountsContext {
  accounts: BankAccount[] | null;
  errorKey: string | null;
}

export type BankAccountsEvent = { type: 'bank.retry' } | { type: 'bank.reload' };

export const bankAccountsMachine = setup({
  types: { context: {} as BankAccountsContext, events: {} as BankAccountsEvent },
  actors: {
    loadAccounts: fromPromise<BankAccount[]>(async () => notProvided('loadAccounts')),
  },
}).createMachine({
  id: 'bankAccounts',
  context: { accounts: null, errorKey: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccounts',
        src: 'loadAccounts',
        onDone: {
          target: 'ready',
          actions: assign({ accounts: ({ event }) => event.output, errorKey: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ errorKey: ({ event }) => toAppError(event.error).code }),
        },
      },
    },
    failed: { on: { 'bank.retry': 'loading' } },
    ready: { on: { 'bank.reload': 'loading' } },
  },
});

export type BankAccountsActorRef = ActorRefFrom<typeof bankAccountsMachine>;
