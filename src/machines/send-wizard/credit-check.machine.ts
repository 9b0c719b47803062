import { assign, fromPromise, setup } from 'xstate';
import type { SendCheck, SendRequest } from '../../../contract/send.contract.ts';
import { toAppError, type AppError } from '../../lib/app-error.ts';
import { notProvided } from '../notify.ts';

/** How a check ended: the server's figures, or why it could not say. */
export type CheckOutcome = { check: SendCheck; enough: boolean } | { error: AppError };

export type CheckInput = { request: Omit<SendRequest, 'language'> };

/**
 * Asks the server what the send would do, writing nothing (`POST /send/check/`): unique
 * recipients, blocked ones, variables without a value, recipients whose file is missing, and the
 * cost against the balance. The wizard runs it when leaving a step that changes those figures and
 * on the review; its output is never thrown, so each step decides what a failure means there.
 */
export const creditCheckMachine = setup({
  types: {
    context: {} as { request: CheckInput['request']; outcome: CheckOutcome | null },
    input: {} as CheckInput,
    output: {} as CheckOutcome,
  },
  actors: {
    checkSend: fromPromise<SendCheck, CheckInput>(async () => notProvided('checkSend')),
  },
}).createMachine({
  id: 'creditCheck',
  context: ({ input }) => ({ request: input.request, outcome: null }),
  initial: 'asking',
  output: ({ context }) => context.outcome!,
  states: {
    asking: {
      invoke: {
        id: 'checkSend',
        src: 'checkSend',
        input: ({ context }) => ({ request: context.request }),
        onDone: {
          target: 'answered',
          actions: assign({
            // Blocked recipients cost nothing, so the cost is the server's, not recipients × 1.
            outcome: ({ event }) => ({
              check: event.output,
              enough: event.output.cost <= event.output.balance,
            }),
          }),
        },
        onError: {
          target: 'answered',
          actions: assign({ outcome: ({ event }) => ({ error: toAppError(event.error) }) }),
        },
      },
    },
    answered: { type: 'final' },
  },
});

export const isCheckFailure = (outcome: CheckOutcome): outcome is { error: AppError } => 'error' in outcome;
