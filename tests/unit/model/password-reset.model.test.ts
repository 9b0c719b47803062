import { createActor } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import type { Snapshot } from 'xstate';
import {
  resetPasswordMachine,
  type ResetPasswordContext,
} from '../../../src/machines/password-reset/reset-password.machine.ts';
import {
  requestResetMachine,
  type RequestResetContext,
} from '../../../src/machines/password-reset/request-reset.machine.ts';
import type { AppError } from '../../../src/lib/app-error.ts';
import { controlledActor, settle } from '../../support/controlled-actor.ts';
import { toModelMachine } from '../../support/model-machine.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
type ModelSnapshot<C> = Snapshot<unknown> & {
  value: unknown;
  context: C;
  matches: (value: never) => boolean;
};
type ModelPath<C> = TestPath<ModelSnapshot<C>, ModelEvent>;

const deadLink: AppError = { code: 'errors.invalidResetLink', status: 400 };
const offline: AppError = { code: 'errors.network', status: null };
const notFound: AppError = { code: 'errors.accountNotFound', status: 404 };
const sameAsName: AppError = {
  code: 'errors.validation',
  status: 400,
  fields: { password: 'validation.passwordSameAsName' },
};

function label(events: Array<[ModelEvent, string]>, path: TestPath<ModelSnapshot<unknown>, ModelEvent>) {
  const words = path.steps.map((step) => events.find(([event]) => event === step.event)?.[1]).filter(Boolean);
  return `${words.join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;
}

describe('reset-password model: every path through link check, validation and submission', () => {
  const events: Array<[ModelEvent, string]> = [
    [{ type: 'xstate.done.actor.checkResetLink' }, 'link valid'],
    [{ type: 'xstate.error.actor.checkResetLink', error: deadLink }, 'link dead'],
    [{ type: 'xstate.error.actor.checkResetLink', error: offline }, 'check offline'],
    [{ type: 'reset.password.change', value: 'weak' }, 'weak password'],
    [{ type: 'reset.password.change', value: 'Good-pass-1' }, 'good password'],
    [{ type: 'reset.confirmation.change', value: 'Good-pass-1' }, 'matching confirmation'],
    [{ type: 'reset.submit' }, 'submit'],
    [{ type: 'xstate.done.actor.resetPassword' }, 'reset accepted'],
    [{ type: 'xstate.error.actor.resetPassword', error: sameAsName }, 'reset refused'],
    [{ type: 'xstate.error.actor.resetPassword', error: deadLink }, 'link died meanwhile'],
  ];
  const model = createTestModel(toModelMachine(resetPasswordMachine, { token: 'link-token-1234567890' }), {
    events: events.map(([event]) => event) as never,
  });

  function run(path: ModelPath<ResetPasswordContext>) {
    it(label(events, path as never), async () => {
      const check = controlledActor<void, { token: string }>();
      const reset = controlledActor<
        void,
        { token: string; password: string; password_confirmation: string }
      >();
      const actor = createActor(
        resetPasswordMachine.provide({ actors: { checkResetLink: check.logic, resetPassword: reset.logic } }),
        { input: { token: 'link-token-1234567890' } },
      ).start();
      const settleWith = (work: () => void) => async () => {
        work();
        await settle();
      };
      await path.test({
        events: {
          'xstate.done.actor.checkResetLink': settleWith(() => check.resolve()),
          'xstate.error.actor.checkResetLink': async ({ event }) =>
            settleWith(() => check.reject((event as ModelEvent).error))(),
          'reset.password.change': ({ event }) => void actor.send(event as never),
          'reset.confirmation.change': ({ event }) => void actor.send(event as never),
          'reset.submit': async () => {
            const before = reset.calls.length;
            actor.send({ type: 'reset.submit' });
            await settle();
            // Only a valid form reaches the server.
            const sent = reset.calls.length > before;
            const { fieldErrors } = actor.getSnapshot().context;
            if (sent) expect(fieldErrors).toEqual({});
          },
          'xstate.done.actor.resetPassword': settleWith(() => reset.resolve()),
          'xstate.error.actor.resetPassword': async ({ event }) =>
            settleWith(() => reset.reject((event as ModelEvent).error))(),
        },
        states: {
          '*': (state) => {
            const real = actor.getSnapshot();
            expect(real.value).toEqual(state.value);
            expect(real.context.fieldErrors).toEqual(state.context.fieldErrors);
          },
        },
      });
    });
  }

  const shortest = model.getShortestPaths() as ModelPath<ResetPasswordContext>[];
  it('reach every state, the final one included', () => {
    const reached = new Set(
      shortest.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect(reached).toContain('"done"');
    expect(reached).toContain('"invalid"');
    expect(reached).toContain('"linkCheckFailed"');
  });
  describe('shortest paths', () => shortest.forEach(run));
  describe('simple paths to a finished reset', () =>
    (
      model.getSimplePaths({
        toState: (state) => state.matches('done' as never),
      }) as ModelPath<ResetPasswordContext>[]
    )
      .slice(0, 40)
      .forEach(run));
});

describe('request-reset model: every outcome of asking for a link', () => {
  const events: Array<[ModelEvent, string]> = [
    [{ type: 'reset.email.change', value: 'sara@example.com' }, 'address typed'],
    [{ type: 'reset.request', language: 'en' }, 'request'],
    [{ type: 'reset.retry' }, 'retry'],
    [{ type: 'xstate.done.actor.requestResetLink' }, 'mailed'],
    [{ type: 'xstate.error.actor.requestResetLink', error: notFound }, 'not found'],
    [{ type: 'xstate.error.actor.requestResetLink', error: offline }, 'offline'],
  ];
  const model = createTestModel(toModelMachine(requestResetMachine), {
    events: events.map(([event]) => event) as never,
  });

  const paths = model.getShortestPaths() as ModelPath<RequestResetContext>[];
  it('reach sent, not found and network error', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    for (const state of ['"sent"', '"notFound"', '"networkError"']) expect(reached).toContain(state);
  });
  for (const path of paths) {
    it(label(events, path as never), async () => {
      const request = controlledActor<void, { email: string; language: 'ar' | 'en' }>();
      const actor = createActor(
        requestResetMachine.provide({ actors: { requestResetLink: request.logic } }),
      ).start();
      await path.test({
        events: {
          'reset.email.change': ({ event }) => void actor.send(event as never),
          'reset.request': async ({ event }) => {
            actor.send(event as never);
            await settle();
          },
          'reset.retry': async () => {
            actor.send({ type: 'reset.retry' });
            await settle();
          },
          'xstate.done.actor.requestResetLink': async () => {
            request.resolve();
            await settle();
          },
          'xstate.error.actor.requestResetLink': async ({ event }) => {
            request.reject((event as ModelEvent).error);
            await settle();
          },
        },
        states: {
          '*': (state) => expect(actor.getSnapshot().value).toEqual(state.value),
        },
      });
    });
  }
});
