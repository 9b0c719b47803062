import { configure, screen, waitFor } from '@testing-library/react';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { paths } from '../../src/app/paths.ts';
import type { Language } from '../../src/i18n/languages.ts';
import { stepOf, type SendWizardSnapshot } from '../../src/machines/send-wizard/send-wizard.machine.ts';
import { writeDraft } from '../../src/services/send-draft.storage.ts';
import { renderApp, type Rendered } from '../setup/render.tsx';
import type { Handler, Reply } from '../support/fake-server.ts';
import { toModelMachine } from '../support/model-machine.ts';
import { sendWizardModel, wizardInput, wizardSamples, wizardStateKey } from '../models/send-wizard.model.ts';
import { checkOf, routes, sendRoutes, template } from './support/send-routes.ts';
import './support/editor-shims.ts';

/**
 * The send wizard's model (tests/models/send-wizard.model.ts, the paths `npm run test:paths`
 * prints) walked against the rendered wizard: every event is done as a person (or the server)
 * does it, and each state the model reaches is checked on screen.
 */
type ModelEvent = { type: string } & Record<string, unknown>;
type ModelPath = TestPath<AnyMachineSnapshot, ModelEvent>;

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const modelMachine = toModelMachine(sendWizardModel.machine, wizardInput);
const events = [...new Set(modelMachine.events)].flatMap(
  (type) => (wizardSamples[type] ?? [{ type }]) as ModelEvent[],
);
// Event types the catalog leaves out (no samples) would otherwise be tried bare.
const model = createTestModel(modelMachine, {
  events: () => events,
  filterEvents: (_, event) => events.some(({ type }) => type === event.type),
});
const serialize = (state: AnyMachineSnapshot) =>
  JSON.stringify([state.value, wizardStateKey(state.context as never)]);
const shortest = model.getShortestPaths({ serializeState: serialize }) as ModelPath[];

const failureReply = (status: number, code: string): Reply => ({
  status,
  data: { statusCode: status, code, message: code },
});

/** Each answer the model expects from the server, as the fake server gives it. */
function replyFor(event: ModelEvent): Reply {
  const output = event.output as Record<string, unknown> | undefined;
  switch (event.type) {
    case 'xstate.done.actor.loadOptions':
      return { status: 200, data: { emails: (output as { senderEmails: string[] }).senderEmails } };
    case 'xstate.done.actor.check': {
      if ('error' in output!) return failureReply(503, 'errors.unavailable');
      return { status: 200, data: checkOf((output as { check: object }).check) };
    }
    case 'xstate.done.actor.loadTemplate':
      return { status: 200, data: template };
    case 'xstate.done.actor.submitSend':
      return { status: 201, data: output };
    default:
      return failureReply(event.type.includes('loadTemplate') ? 404 : 503, 'errors.unavailable');
  }
}

const routeFor: Record<string, keyof typeof routes> = {
  loadOptions: 'senders',
  check: 'check',
  loadTemplate: 'template',
  submitSend: 'send',
};

function runPath(path: ModelPath, language: Language) {
  return async () => {
    window.localStorage.clear();
    writeDraft(window.localStorage, 'single', wizardInput.draft!);
    const held: Record<string, Array<(reply: Reply) => void>> = {
      senders: [],
      check: [],
      template: [],
      send: [],
    };
    const hold =
      (name: string): Handler =>
      () =>
        new Promise((resolve) => held[name]!.push(resolve));
    const app: Rendered = renderApp({
      signedInAs: 'sender',
      route: paths.dashboard.send.user,
      language,
      routes: sendRoutes({
        senders: hold('senders'),
        check: hold('check'),
        template: hold('template'),
        send: hold('send'),
      }),
    });
    const t = (key: string, options?: Record<string, unknown>) => app.i18n.t(key, options);
    const button = (key: string) => screen.getByRole('button', { name: t(key) });
    let expected = getInitialSnapshot(modelMachine) as AnyMachineSnapshot;

    const settle = async (event: ModelEvent) => {
      const actor = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)![1]!;
      const queue = held[routeFor[actor]!]!;
      await waitFor(() => expect(queue.length).toBeGreaterThan(0));
      queue.shift()!(replyFor(event));
    };
    const paste = async (label: string, value: string) => {
      const input = screen.getByLabelText(t(label), { exact: false });
      await app.user.clear(input);
      await app.user.click(input);
      await app.user.paste(value);
    };
    const perform: Record<string, (event: ModelEvent) => Promise<void>> = {
      'recipient.set': (event) => paste('send:recipients.email', String(event.value)),
      'message.set': (event) => paste('send:message.subject', String(event.value)),
      'message.template': async () => {
        const input = screen
          .getAllByLabelText(t('send:message.template'), { exact: false })
          .find((element) => element.tagName === 'INPUT')!;
        await app.user.click(input);
        await app.user.click(await screen.findByRole('option', { name: template.name }));
      },
      'message.verify': () => app.user.click(button('send:message.checkVariables')),
      'wizard.next': () => app.user.click(button('send:nav.next')),
      'wizard.back': () =>
        app.user.click(button(expected.matches('failed') ? 'send:failed.back' : 'send:nav.back')),
      'wizard.submit': () => app.user.click(button('send:nav.send')),
      'wizard.retry': () =>
        app.user.click(button(expected.matches('failed') ? 'send:failed.retry' : 'common.retry')),
      'wizard.restart': () => app.user.click(button('send:done.again')),
    };

    /** What the screen shows in the state the model expects. */
    const check = () =>
      waitFor(() => {
        const state = expected as SendWizardSnapshot;
        const step = stepOf(state);
        if (step) {
          expect(
            screen.getByRole('heading', { level: 2, name: t(`send:steps.${step}`) }),
          ).toBeInTheDocument();
          const main = step === 'review' ? 'send:nav.send' : 'send:nav.next';
          expect(button(main).hasAttribute('data-loading')).toBe(state.hasTag('busy'));
          const emailError = state.context.errors['recipient.email'];
          if (step === 'recipients' && emailError)
            expect(screen.getByText(t(emailError))).toBeInTheDocument();
          if (state.matches({ editing: { review: 'noCredit' } }))
            expect(screen.getByText(t('send:review.noCredit', { balance: 0, cost: 1 }))).toBeInTheDocument();
          if (state.matches({ editing: { review: 'checkFailed' } }))
            expect(screen.getByText(t('send:review.checkFailed'))).toBeInTheDocument();
        } else if (state.matches('loading')) {
          expect(screen.getByRole('status', { name: t('common.loading') })).toBeInTheDocument();
        } else if (state.matches('loadFailed')) {
          expect(screen.getByText(t('send:loadFailed'))).toBeInTheDocument();
        } else if (state.matches('submitting')) {
          // The review stays, its send button working and closed to a second send.
          expect(button('send:nav.send').hasAttribute('data-loading')).toBe(true);
          expect(button('send:nav.send')).toBeDisabled();
        } else if (state.matches('done')) {
          expect(screen.getByRole('heading', { name: t('send:done.sent') })).toBeInTheDocument();
        } else if (state.matches('failed')) {
          expect(screen.getByRole('heading', { name: t('send:failed.heading') })).toBeInTheDocument();
        }
      });

    await screen.findByRole('heading', { level: 1 });
    await path.test({
      events: Object.fromEntries(
        events.map(({ type }) => [
          type,
          async ({ event }: { event: ModelEvent }) => {
            expected = getNextSnapshot(modelMachine, expected, event as never) as AnyMachineSnapshot;
            await (type.startsWith('xstate.') ? settle(event) : perform[type]!(event));
          },
        ]),
      ),
      states: Object.fromEntries(Object.keys(modelMachine.root.states).map((key) => [key, check])),
    });
    expect(app.server.seen(routes.send).length).toBe(
      path.steps.filter((step) => step.event.type === 'wizard.submit').length +
        path.steps.filter(
          (step) => step.event.type === 'wizard.retry' && String(step.state.value) === 'failed',
        ).length,
    );
  };
}

const nameOf = (path: ModelPath) =>
  `${
    path.steps
      .slice(1)
      .map((step) => step.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:'))
      .join(' → ') || 'start'
  }`;

describe('send wizard model, rendered', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../src/screens/send/send-screen.tsx'),
      import('../../src/screens/templates/html-editor.tsx'),
    ]);
  }, 60_000);

  it('has paths to done and failed', () => {
    const ends = shortest.map((path) => JSON.stringify(path.state.value));
    expect(ends).toContain('"done"');
    expect(ends).toContain('"failed"');
  });

  describe('en', () => {
    it.each(shortest.map((path) => [nameOf(path), path] as const))('%s', (_, path) => runPath(path, 'en')());
  });
  // Arabic: the journeys that reach the end of the wizard.
  describe('ar', () => {
    const ends = shortest.filter((path) => ['done', 'failed'].includes(String(path.state.value)));
    it.each(ends.map((path) => [nameOf(path), path] as const))('%s', (_, path) => runPath(path, 'ar')());
  });
});
