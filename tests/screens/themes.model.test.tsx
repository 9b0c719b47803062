import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { createTestModel, type TestPath } from 'xstate/graph';
import { apiPaths } from '../../contract/api-paths.ts';
import type { Theme } from '../../contract/theme.contract.ts';
import { paths } from '../../src/app/paths.ts';
import type { Language } from '../../src/i18n/languages.ts';
import { themeMachine, type ThemeSnapshot } from '../../src/machines/theme.machine.ts';
import type { AppError } from '../../src/services/api-error.ts';
import { renderApp, type Rendered } from '../setup/render.tsx';
import type { Handler, Reply } from '../unit/support/fake-server.ts';
// Night (t1) is inactive, Sea (t2) is the active theme.
import { themes } from '../unit/support/fixtures.ts';
import { toModelMachine } from '../unit/support/model-machine.ts';

type ModelEvent = { type: string } & Record<string, unknown>;
type ModelPath = TestPath<ThemeSnapshot, ModelEvent>;

const [night, sea] = themes as [Theme, Theme];
const dawn: Theme = { ...night, id: 't3', name: 'Dawn', primary_color: '#ff8800' };
/** What the server lists after any change: the screen shows whatever the refetch answers. */
const changed: Theme[] = [{ ...night, is_active: true }, { ...sea, is_active: false }, dawn];
const nameOf = (id: unknown) => [...themes, dawn].find((theme) => theme.id === id)?.name ?? '';

const serverDown: AppError = { code: 'errors.unexpected', status: 500 };
const nameMissing: AppError = {
  code: 'errors.validation',
  status: 400,
  fields: { name: 'validation.required' },
};
const gone: AppError = { code: 'errors.notFound', status: 404 };
const inUse: AppError = { code: 'errors.conflict', status: 409 };

/** The toast each transition shows. */
const toastOf: Record<string, string> = {
  'xstate.done.actor.createTheme': 'themes.added',
  'xstate.done.actor.activateTheme': 'themes.activated',
  'xstate.done.actor.deleteTheme': 'themes.deleted',
  'xstate.error.actor.createTheme': 'validation.required',
  'xstate.error.actor.activateTheme': 'errors.notFound',
  'xstate.error.actor.deleteTheme': 'errors.conflict',
  'xstate.error.actor.refetchThemes': 'errors.unexpected',
};

const modelMachine = toModelMachine(themeMachine);
const model = createTestModel(modelMachine, {
  events: (state: ThemeSnapshot): ModelEvent[] => [
    { type: 'theme.load' },
    { type: 'theme.retry' },
    { type: 'theme.form.change', field: 'name', value: 'Dawn' },
    { type: 'theme.add' },
    ...state.context.themes.map((theme) => ({ type: 'theme.activate', id: theme.id })),
    ...state.context.themes.map((theme) => ({ type: 'theme.delete.request', id: theme.id })),
    { type: 'theme.delete.confirm' },
    { type: 'theme.delete.cancel' },
    { type: 'xstate.done.actor.loadThemes', output: themes },
    { type: 'xstate.error.actor.loadThemes', error: serverDown },
    { type: 'xstate.done.actor.createTheme', output: dawn },
    { type: 'xstate.error.actor.createTheme', error: nameMissing },
    { type: 'xstate.done.actor.activateTheme', output: changed[0] },
    { type: 'xstate.error.actor.activateTheme', error: gone },
    { type: 'xstate.done.actor.deleteTheme', output: undefined },
    { type: 'xstate.error.actor.deleteTheme', error: inUse },
    { type: 'xstate.done.actor.refetchThemes', output: changed },
    { type: 'xstate.error.actor.refetchThemes', error: serverDown },
  ],
  // Sign-out (theme.unload) is the app's business, and the screen shows only once loading starts.
  filterEvents: (state, event) =>
    event.type !== 'theme.unload' &&
    (event.type === 'theme.load' || !state.matches('idle')) &&
    state.can(event as never),
});

const replyOf = (error: AppError): Reply => ({
  status: error.status ?? 500,
  data: { statusCode: error.status, code: error.code, message: error.code, fields: error.fields },
});

function describePath(path: ModelPath): string {
  const label = ({ type, id }: ModelEvent) => `${type.replace(/^(theme|xstate)\./, '')}${id ? ` ${id}` : ''}`;
  const steps = path.steps.slice(1).map((step) => label(step.event));
  return `${steps.join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;
}

function testPaths(modelPaths: ModelPath[], language: Language) {
  it.each(modelPaths.map((path) => [describePath(path), path] as const))('%s', async (_, path) => {
    // Each call waits until the model says how it ends; while the query client retries a
    // failed list, its retry fails at once too.
    const waiting: Array<(reply: Reply) => void> = [];
    let failGets: Reply | null = null;
    const hold: Handler = ({ method }) =>
      method === 'GET' && failGets ? failGets : new Promise((resolve) => waiting.push(resolve));
    const ids = [...themes, dawn].map(({ id }) => id);
    const routes = [`GET ${apiPaths.themes}`, `POST ${apiPaths.themes}`]
      .concat(ids.map((id) => `POST ${apiPaths.activateTheme(id)}`))
      .concat(ids.map((id) => `DELETE ${apiPaths.theme(id)}`));
    // Paths merge states that differ only in context, so the exact state is replayed on the model.
    let expected = getInitialSnapshot(modelMachine) as ThemeSnapshot;
    let app!: Rendered;
    const t = (key: string, options?: Record<string, string>) => app.i18n.t(key, options);
    const button = (key: string) => screen.getByRole('button', { name: t(key) });
    const cardButton = (key: string, id: unknown) =>
      within(screen.getByRole('article', { name: nameOf(id) })).queryByRole('button', {
        name: t(key, { name: nameOf(id) }),
      });
    const lastCall = () => app.server.requests.map((call) => `${call.method} ${call.url}`).at(-1);

    /** What the screen shows in every state, from the model's context. */
    const expectScreen = (state: ThemeSnapshot) => {
      const { context } = state;
      const ready = state.matches('ready');
      const shown = (element: HTMLElement | null) => element !== null;
      expect(shown(screen.queryByRole('status', { name: t('common.loading') }))).toBe(
        state.matches('loading'),
      );
      expect(shown(screen.queryByRole('button', { name: t('common.retry') }))).toBe(state.matches('failed'));
      expect(shown(screen.queryByRole('dialog'))).toBe(state.matches('confirmingDelete'));
      expect(button('themes.add')).toHaveProperty('disabled', !ready);
      expect(screen.getByLabelText(t('themes.name'))).toHaveValue(context.form.name);
      const cards = screen.queryAllByRole('article');
      expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(context.themes.map((x) => x.name));
      for (const [index, { name, is_active }] of context.themes.entries()) {
        const card = within(cards[index]!);
        // "(نشط)" and no activate button on the active theme only; nothing to press while busy.
        expect(shown(card.queryByText(t('themes.active')))).toBe(is_active);
        const activate = card.queryByRole('button', { name: t('themes.activateTheme', { name }) });
        if (is_active) expect(activate).toBeNull();
        else expect(activate).toHaveProperty('disabled', !ready);
        const remove = card.getByRole('button', { name: t('themes.deleteTheme', { name }) });
        expect(remove).toHaveProperty('disabled', !ready);
      }
    };
    const check = (extra?: (state: ThemeSnapshot) => void) => () =>
      waitFor(() => {
        expectScreen(expected);
        extra?.(expected);
      });

    /** Does what the user (or the server) does, then waits for the real machine and the toast. */
    const perform =
      (act: (event: ModelEvent) => Promise<unknown>) => async (step: ModelPath['steps'][number]) => {
        const before = expected;
        expected = getNextSnapshot(modelMachine, expected, step.event) as ThemeSnapshot;
        expect(expected.value).toEqual(step.state.value);
        await act(step.event);
        await waitFor(() => expect(app.services.theme.getSnapshot().value).toEqual(expected.value), {
          timeout: 3000,
        });
        failGets = null;
        const toast = toastOf[step.event.type];
        if (toast) expect((await screen.findAllByText(t(toast))).length).toBeGreaterThan(0);
        if (step.event.type === 'theme.add')
          expect(app.server.requests.at(-1)?.body).toEqual(before.context.form);
      };
    const settle = async ({ error, output }: ModelEvent) => {
      if (error) failGets = replyOf(error as AppError);
      await waitFor(() => expect(waiting).toHaveLength(1));
      waiting.shift()?.(failGets ?? { status: output === undefined ? 204 : 200, data: output });
    };
    const click = (element: HTMLElement | null) => app.user.click(element!);
    const inDialog = (key: string) =>
      click(within(screen.getByRole('dialog')).getByRole('button', { name: t(key) }));

    await path.test({
      events: {
        // The composition root loads the themes once the stored sign-in is restored.
        'theme.load': perform(async () => {}),
        'theme.retry': perform(() => click(button('common.retry'))),
        'theme.form.change': perform(async ({ value }) => {
          const input = screen.getByLabelText(t('themes.name'));
          await app.user.clear(input);
          await app.user.type(input, String(value));
        }),
        'theme.add': perform(() => click(button('themes.add'))),
        'theme.activate': perform(({ id }) => click(cardButton('themes.activateTheme', id))),
        'theme.delete.request': perform(({ id }) => click(cardButton('themes.deleteTheme', id))),
        'theme.delete.confirm': perform(() => inDialog('themes.confirmDelete')),
        'theme.delete.cancel': perform(() => inDialog('common.cancel')),
        ...Object.fromEntries(
          ['loadThemes', 'createTheme', 'activateTheme', 'deleteTheme', 'refetchThemes'].flatMap((id) => [
            [`xstate.done.actor.${id}`, perform(settle)],
            [`xstate.error.actor.${id}`, perform(settle)],
          ]),
        ),
      },
      states: {
        // Idle lasts only until the stored sign-in is restored, so the app opens here.
        idle: () => {
          const held = Object.fromEntries(routes.map((route) => [route, hold]));
          app = renderApp({ signedInAs: 'admin', route: paths.dashboard.themes, language, routes: held });
          expect(app.services.theme.getSnapshot().value).toBe('idle');
          expect(app.server.requests).toEqual([]);
        },
        loading: check(() => expect(lastCall()).toBe(`GET ${apiPaths.themes}`)),
        failed: check(({ context }) =>
          expect(screen.getByRole('alert')).toHaveTextContent(t(context.errorKey ?? 'missing')),
        ),
        ready: check(({ context }) => {
          const input = screen.getByLabelText(t('themes.name'));
          const error = context.fieldErrors.name;
          if (error) expect(input).toHaveAccessibleDescription(t(error));
          else expect(input).not.toHaveAttribute('aria-invalid', 'true');
        }),
        confirmingDelete: check(({ context }) => {
          const dialog = screen.getByRole('dialog', { name: t('themes.confirmDeleteTitle') });
          expect(dialog).toHaveTextContent(
            t('themes.confirmDeleteMessage', { name: nameOf(context.pendingDeleteId) }),
          );
        }),
        adding: check(() => {
          expect(button('themes.add')).toHaveAttribute('data-loading');
          expect(lastCall()).toBe(`POST ${apiPaths.themes}`);
        }),
        activating: check(({ context }) => {
          expect(cardButton('themes.activateTheme', context.activatingId)).toHaveAttribute('data-loading');
          expect(lastCall()).toBe(`POST ${apiPaths.activateTheme(context.activatingId!)}`);
        }),
        deleting: check(({ context }) =>
          expect(lastCall()).toBe(`DELETE ${apiPaths.theme(context.pendingDeleteId!)}`),
        ),
        refetching: check(() => expect(lastCall()).toBe(`GET ${apiPaths.themes}`)),
      },
    });
  });
}

/** Every transition: a state counts once for each event that can enter it. */
const transitions = model.getShortestPaths({
  serializeState: (state, event) => JSON.stringify([state.value, event?.type ?? null]),
}) as ModelPath[];
/** Every path through the states that enters none twice. */
const simple = model.getSimplePaths({
  serializeState: (state) => JSON.stringify(state.value),
}) as ModelPath[];

describe('themes screen model (ar): every transition', () => {
  it('covers every transition the screen can take', () => {
    const taken = transitions.flatMap(({ steps }) =>
      steps.slice(1).map((step, index) => `${String(steps[index]!.state.value)} ${step.event.type}`),
    );
    const possible = Object.entries(modelMachine.root.states).flatMap(([key, node]) =>
      node.ownEvents.concat(key === 'idle' ? [] : ['theme.form.change']).map((type) => `${key} ${type}`),
    );
    expect(new Set(taken)).toEqual(new Set(possible));
  });
  testPaths(transitions, 'ar');
});

describe.each(['ar', 'en'] as const)('themes screen model (%s): every simple path', (language) =>
  testPaths(simple, language),
);
