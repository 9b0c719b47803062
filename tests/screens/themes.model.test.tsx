import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { themeEndpoints, type Theme } from '../../contract/theme.contract.ts';
import { paths } from '../../src/app/paths.ts';
import type { Language } from '../../src/i18n/languages.ts';
import type { AppError } from '../../src/lib/app-error.ts';
import { themeActivationMachine } from '../../src/machines/themes/theme-activation.machine.ts';
import { themeFormMachine } from '../../src/machines/themes/theme-form.machine.ts';
import { renderApp, type Rendered } from '../setup/render.tsx';
import { routeOf, type Handler, type Reply } from '../support/fake-server.ts';
// Night (t1) is inactive, Sea (t2) is the active theme.
import { themes } from '../support/fixtures.ts';
import { toModelMachine } from '../support/model-machine.ts';

/**
 * The themes screen's own machines (the add form, activation) walked as models against the
 * rendered screen: each step is done the way a user (or the server) does it, and every state
 * the model reaches is checked on screen. The list part runs on the generic list machine
 * (tests/unit/list.machine.test.ts, tests/screens/themes-screen.test.tsx).
 */
type ModelEvent = { type: string } & Record<string, unknown>;
type ModelPath = TestPath<AnyMachineSnapshot, ModelEvent>;

const [night] = themes as [Theme, Theme];
const dawn: Theme = { ...night, id: 't3', name: 'Dawn' };
const nameMissing: AppError = {
  code: 'errors.validation',
  status: 400,
  fields: { name: 'validation.required' },
};
const gone: AppError = { code: 'errors.notFound', status: 404 };
const replyOf = (error: AppError): Reply => ({
  status: error.status ?? 500,
  data: { statusCode: error.status, code: error.code, message: error.code, fields: error.fields },
});

interface ScreenModel {
  name: string;
  machine: AnyStateMachine;
  events: ModelEvent[];
  /** The held call this machine makes. */
  route: string;
  toasts: Record<string, string>;
}

const models: ScreenModel[] = [
  {
    name: 'add form',
    machine: themeFormMachine,
    route: routeOf(themeEndpoints.create),
    events: [
      { type: 'theme.form.change', field: 'name', value: 'Dawn' },
      { type: 'theme.add' },
      { type: 'xstate.done.actor.createTheme', output: dawn },
      { type: 'xstate.error.actor.createTheme', error: nameMissing },
    ],
    toasts: {
      'xstate.done.actor.createTheme': 'themes.added',
      'xstate.error.actor.createTheme': 'validation.required',
    },
  },
  {
    name: 'activation',
    machine: themeActivationMachine,
    route: routeOf(themeEndpoints.activate, { id: night.id }),
    events: [
      { type: 'theme.activate', id: night.id },
      { type: 'xstate.done.actor.activateTheme', output: { ...night, is_active: true } },
      { type: 'xstate.error.actor.activateTheme', error: gone },
    ],
    toasts: {
      'xstate.done.actor.activateTheme': 'themes.activated',
      'xstate.error.actor.activateTheme': 'errors.notFound',
    },
  },
];

function testPaths(
  spec: ScreenModel,
  modelMachine: AnyStateMachine,
  modelPaths: ModelPath[],
  language: Language,
) {
  it.each(
    modelPaths.map(
      (path) =>
        [
          path.steps
            .slice(1)
            .map((s) => s.event.type)
            .join(' → ') || 'start',
          path,
        ] as const,
    ),
  )('%s', async (_, path) => {
    const waiting: Array<(reply: Reply) => void> = [];
    const hold: Handler = () => new Promise((resolve) => waiting.push(resolve));
    let expected = getInitialSnapshot(modelMachine);
    const t = (key: string, options?: Record<string, string>) => app.i18n.t(key, options);
    const addButton = () => screen.getByRole('button', { name: t('themes.add') });
    const activateButton = () =>
      within(screen.getByRole('article', { name: night.name })).getByRole('button', {
        name: t('themes.activateTheme', { name: night.name }),
      });
    const busy = () => expected.hasTag('busy');

    const perform =
      (act: (event: ModelEvent) => Promise<unknown>) => async (step: ModelPath['steps'][number]) => {
        const before = expected;
        expected = getNextSnapshot(modelMachine, expected, step.event);
        await act(step.event);
        const toast = spec.toasts[step.event.type];
        if (toast) expect((await screen.findAllByText(t(toast))).length).toBeGreaterThan(0);
        if (step.event.type === 'theme.add') {
          await waitFor(() => expect(app.server.seen(spec.route)).toHaveLength(1));
          expect(app.server.seen(spec.route)[0]?.body).toEqual(before.context.form);
        }
      };
    const settle = async ({ error, output }: ModelEvent) => {
      await waitFor(() => expect(waiting).toHaveLength(1));
      waiting.shift()?.(error ? replyOf(error as AppError) : { status: 200, data: output });
    };
    /** Both buttons are locked while either machine is busy; the form shows its context. */
    const check = () =>
      waitFor(() => {
        expect(addButton()).toHaveProperty('disabled', busy());
        expect(activateButton()).toHaveProperty('disabled', busy());
        if (spec.machine === themeFormMachine) {
          const { form, fieldErrors } = expected.context as {
            form: { name: string };
            fieldErrors: { name?: string };
          };
          const input = screen.getByLabelText(t('themes.name'));
          expect(input).toHaveValue(form.name);
          if (fieldErrors.name) expect(input).toHaveAccessibleDescription(t(fieldErrors.name));
          else expect(input).not.toHaveAttribute('aria-invalid', 'true');
          expect(addButton().hasAttribute('data-loading')).toBe(busy());
        } else {
          expect(activateButton().hasAttribute('data-loading')).toBe(busy());
        }
      });

    const app: Rendered = renderApp({
      signedInAs: 'admin',
      route: paths.dashboard.themes,
      language,
      themes,
      routes: { [spec.route]: hold },
    });
    await screen.findByRole('article', { name: night.name }, { timeout: 5000 });

    await path.test({
      events: {
        'theme.form.change': perform(async ({ value }) => {
          const input = screen.getByLabelText(t('themes.name'));
          await app.user.clear(input);
          await app.user.type(input, String(value));
        }),
        'theme.add': perform(() => app.user.click(addButton())),
        'theme.activate': perform(() => app.user.click(activateButton())),
        ...Object.fromEntries(
          spec.events
            .filter(({ type }) => type.startsWith('xstate.'))
            .map(({ type }) => [type, perform(settle)]),
        ),
      },
      states: Object.fromEntries(Object.keys(modelMachine.root.states).map((key) => [key, check])),
    });
  });
}

describe.each(models)('themes screen model: $name', (spec) => {
  const modelMachine = toModelMachine(spec.machine);
  const model = createTestModel(modelMachine, {
    events: () => spec.events,
    filterEvents: (state, event) => state.can(event as never),
  });
  const serialize = (state: AnyMachineSnapshot, event?: { type: string }) =>
    JSON.stringify([state.value, event?.type ?? null]);
  const transitions = model.getShortestPaths({ serializeState: serialize }) as ModelPath[];

  it('covers every transition of the machine', () => {
    const taken = transitions.flatMap(({ steps }) =>
      steps.slice(1).map((step, index) => `${String(steps[index]!.state.value)} ${step.event.type}`),
    );
    const possible = Object.entries(modelMachine.root.states).flatMap(([key, node]) =>
      node.ownEvents
        .concat(spec.machine === themeFormMachine ? ['theme.form.change'] : [])
        .map((type) => `${key} ${type}`),
    );
    expect(new Set(taken)).toEqual(new Set(possible));
  });
  describe.each(['ar', 'en'] as const)('%s', (language) =>
    testPaths(spec, modelMachine, transitions, language),
  );
});
