import { describe, expect, it } from 'vitest';
import { DEFAULT_NEW_THEME, type Theme } from '../../contract/theme.contract.ts';
import {
  selectActiveTheme,
  selectAppliedColors,
  selectIsBusy,
  selectPendingDelete,
} from '../../src/machines/theme.machine.ts';
import { settle } from './support/controlled-actor.ts';
import { apiError, httpError, networkError, themes } from './support/fixtures.ts';
import { createThemeHarness } from './support/theme-harness.ts';

const created: Theme = {
  id: 't3',
  name: 'Forest',
  primary_color: '#00aa00',
  secondary_color: '#004400',
  accent_color: '#00aa0033',
  is_active: false,
};

async function readyHarness(list: Theme[] = themes) {
  const harness = createThemeHarness();
  harness.theme.send({ type: 'theme.load' });
  harness.loadThemes.resolve(list);
  await settle();
  return harness;
}

describe('theme machine: loading', () => {
  it('loads nothing while signed out', () => {
    const { theme, loadThemes } = createThemeHarness();

    expect(theme.getSnapshot().value).toBe('idle');
    expect(loadThemes.calls).toHaveLength(0);
    expect(theme.getSnapshot().can({ type: 'theme.add' })).toBe(false);
  });

  it('is busy while the list loads, then ready with it', async () => {
    const { theme, loadThemes } = createThemeHarness();

    theme.send({ type: 'theme.load' });
    const busy = selectIsBusy(theme.getSnapshot());
    loadThemes.resolve(themes);
    await settle();

    expect(busy).toBe(true);
    expect(theme.getSnapshot().value).toBe('ready');
    expect(selectIsBusy(theme.getSnapshot())).toBe(false);
    expect(theme.getSnapshot().context.themes).toEqual(themes);
  });

  it('fails with the error key and loads again on retry', async () => {
    const { theme, loadThemes } = createThemeHarness();
    theme.send({ type: 'theme.load' });
    loadThemes.reject(networkError());
    await settle();
    const failed = theme.getSnapshot();

    theme.send({ type: 'theme.retry' });
    loadThemes.resolve(themes);
    await settle();

    expect(failed.value).toBe('failed');
    expect(failed.context.errorKey).toBe('errors.network');
    expect(loadThemes.calls).toHaveLength(2);
    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.errorKey).toBeNull();
  });

  it('forgets every theme and the form on unload', async () => {
    const { theme } = await readyHarness();
    theme.send({ type: 'theme.form.change', field: 'name', value: 'Half typed' });

    theme.send({ type: 'theme.unload' });

    expect(theme.getSnapshot().value).toBe('idle');
    expect(theme.getSnapshot().context.themes).toEqual([]);
    expect(theme.getSnapshot().context.form).toEqual(DEFAULT_NEW_THEME);
  });
});

describe('theme machine: adding', () => {
  it('starts the form at the spec defaults and keeps what the user types', async () => {
    const { theme } = await readyHarness();
    const initialForm = theme.getSnapshot().context.form;

    theme.send({ type: 'theme.form.change', field: 'name', value: 'Forest' });
    theme.send({ type: 'theme.form.change', field: 'primary_color', value: '#00aa00' });

    expect(initialForm).toEqual({
      name: '',
      primary_color: '#be27ce',
      secondary_color: '#2e2e2e',
      accent_color: '#be27ce33',
    });
    expect(theme.getSnapshot().context.form).toEqual({
      ...DEFAULT_NEW_THEME,
      name: 'Forest',
      primary_color: '#00aa00',
    });
  });

  it('posts the form, toasts, resets the form, invalidates and refetches the list', async () => {
    const { theme, createTheme, loadThemes, invalidateThemes, notices } = await readyHarness();
    theme.send({ type: 'theme.form.change', field: 'name', value: 'Forest' });

    theme.send({ type: 'theme.add' });
    const adding = theme.getSnapshot();
    createTheme.resolve(created);
    await settle();
    const refetching = theme.getSnapshot();
    loadThemes.resolve([...themes, created]);
    await settle();

    expect(adding.matches('adding')).toBe(true);
    expect(adding.hasTag('busy')).toBe(true);
    expect(createTheme.last().input).toEqual({ ...DEFAULT_NEW_THEME, name: 'Forest' });
    expect(notices).toEqual([{ kind: 'success', key: 'themes.added' }]);
    expect(invalidateThemes).toHaveBeenCalledOnce();
    expect(refetching.value).toBe('refetching');
    expect(refetching.context.form).toEqual(DEFAULT_NEW_THEME);
    expect(loadThemes.calls).toHaveLength(2);
    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.themes).toContainEqual(created);
  });

  it('sends the add even with an empty name (no client-side check)', async () => {
    const { theme, createTheme } = await readyHarness();

    theme.send({ type: 'theme.add' });

    expect(createTheme.last().input.name).toBe('');
  });

  it('keeps what the user typed and shows the field error when the server refuses', async () => {
    const { theme, createTheme, loadThemes, invalidateThemes, notices } = await readyHarness();
    theme.send({ type: 'theme.form.change', field: 'accent_color', value: '#123456' });
    theme.send({ type: 'theme.add' });

    createTheme.reject(apiError(400, 'errors.validation', { name: 'validation.required' }));
    await settle();

    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.form).toEqual({ ...DEFAULT_NEW_THEME, accent_color: '#123456' });
    expect(theme.getSnapshot().context.errorKey).toBe('errors.validation');
    expect(theme.getSnapshot().context.fieldErrors).toEqual({ name: 'validation.required' });
    expect(notices).toEqual([{ kind: 'error', key: 'validation.required' }]);
    expect(invalidateThemes).not.toHaveBeenCalled();
    expect(loadThemes.calls).toHaveLength(1);
  });

  it('shows a taken name as the field error', async () => {
    const { theme, createTheme, notices } = await readyHarness();
    theme.send({ type: 'theme.form.change', field: 'name', value: 'Sea' });
    theme.send({ type: 'theme.add' });

    createTheme.reject(apiError(409, 'errors.conflict', { name: 'validation.nameTaken' }));
    await settle();

    expect(theme.getSnapshot().context.fieldErrors).toEqual({ name: 'validation.nameTaken' });
    expect(notices).toEqual([{ kind: 'error', key: 'validation.nameTaken' }]);
  });

  it('toasts the error code when the server names no field', async () => {
    const { theme, createTheme, notices } = await readyHarness();
    theme.send({ type: 'theme.add' });

    createTheme.reject(httpError(500, 'boom'));
    await settle();

    expect(notices).toEqual([{ kind: 'error', key: 'errors.unexpected' }]);
  });

  it('clears a field error as soon as that field is edited', async () => {
    const { theme, createTheme } = await readyHarness();
    theme.send({ type: 'theme.add' });
    createTheme.reject(apiError(400, 'errors.validation', { name: 'validation.required' }));
    await settle();

    theme.send({ type: 'theme.form.change', field: 'name', value: 'N' });

    expect(theme.getSnapshot().context.fieldErrors).toEqual({});
  });
});

describe('theme machine: activating', () => {
  it('offers activation only for an inactive theme', async () => {
    const { theme } = await readyHarness();

    expect(theme.getSnapshot().can({ type: 'theme.activate', id: 't1' })).toBe(true);
    expect(theme.getSnapshot().can({ type: 'theme.activate', id: 't2' })).toBe(false);
    expect(theme.getSnapshot().can({ type: 'theme.activate', id: 'missing' })).toBe(false);
  });

  it('activates, toasts, invalidates and refetches, and then applies the new colours', async () => {
    const { theme, activateTheme, loadThemes, invalidateThemes, notices } = await readyHarness();

    theme.send({ type: 'theme.activate', id: 't1' });
    const activating = theme.getSnapshot();
    activateTheme.resolve({ ...themes[0]!, is_active: true });
    await settle();
    loadThemes.resolve(themes.map((item) => ({ ...item, is_active: item.id === 't1' })));
    await settle();

    expect(activating.value).toBe('activating');
    expect(activating.context.activatingId).toBe('t1');
    expect(activating.hasTag('busy')).toBe(true);
    expect(activateTheme.last().input).toEqual({ id: 't1' });
    expect(notices).toEqual([{ kind: 'success', key: 'themes.activated' }]);
    expect(invalidateThemes).toHaveBeenCalledOnce();
    expect(loadThemes.calls).toHaveLength(2);
    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.activatingId).toBeNull();
    expect(selectAppliedColors(theme.getSnapshot()).primary).toBe('#111111');
  });

  it('toasts the failure and stays on the same list', async () => {
    const { theme, activateTheme, loadThemes, notices } = await readyHarness();
    theme.send({ type: 'theme.activate', id: 't1' });

    activateTheme.reject(apiError(404, 'errors.notFound'));
    await settle();

    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.themes).toEqual(themes);
    expect(notices).toEqual([{ kind: 'error', key: 'errors.notFound' }]);
    expect(loadThemes.calls).toHaveLength(1);
  });
});

describe('theme machine: deleting', () => {
  it('asks for confirmation first and deletes nothing on cancel', async () => {
    const { theme, deleteTheme } = await readyHarness();

    theme.send({ type: 'theme.delete.request', id: 't1' });
    const confirming = theme.getSnapshot();
    theme.send({ type: 'theme.delete.cancel' });

    expect(confirming.value).toBe('confirmingDelete');
    expect(selectPendingDelete(confirming)?.name).toBe('Night');
    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.pendingDeleteId).toBeNull();
    expect(deleteTheme.calls).toHaveLength(0);
  });

  it('deletes on confirm, toasts, invalidates and refetches', async () => {
    const { theme, deleteTheme, loadThemes, invalidateThemes, notices } = await readyHarness();
    theme.send({ type: 'theme.delete.request', id: 't1' });

    theme.send({ type: 'theme.delete.confirm' });
    const deleting = theme.getSnapshot();
    deleteTheme.resolve();
    await settle();
    loadThemes.resolve(themes.filter((item) => item.id !== 't1'));
    await settle();

    expect(deleting.value).toBe('deleting');
    expect(deleting.hasTag('busy')).toBe(true);
    expect(deleteTheme.last().input).toEqual({ id: 't1' });
    expect(notices).toEqual([{ kind: 'success', key: 'themes.deleted' }]);
    expect(invalidateThemes).toHaveBeenCalledOnce();
    expect(loadThemes.calls).toHaveLength(2);
    expect(theme.getSnapshot().context.themes.map((item) => item.id)).toEqual(['t2']);
    expect(theme.getSnapshot().context.pendingDeleteId).toBeNull();
  });

  it('ignores other actions while the confirmation is open', async () => {
    const { theme } = await readyHarness();
    theme.send({ type: 'theme.delete.request', id: 't1' });

    expect(theme.getSnapshot().can({ type: 'theme.add' })).toBe(false);
    expect(theme.getSnapshot().can({ type: 'theme.activate', id: 't1' })).toBe(false);
  });

  it('keeps the old list and toasts when the refetch after a mutation fails', async () => {
    const { theme, deleteTheme, loadThemes, notices } = await readyHarness();
    theme.send({ type: 'theme.delete.request', id: 't1' });
    theme.send({ type: 'theme.delete.confirm' });
    deleteTheme.resolve();
    await settle();

    loadThemes.reject(networkError());
    await settle();

    expect(theme.getSnapshot().value).toBe('ready');
    expect(theme.getSnapshot().context.themes).toEqual(themes);
    expect(notices).toEqual([
      { kind: 'success', key: 'themes.deleted' },
      { kind: 'error', key: 'errors.network' },
    ]);
  });
});

describe('theme selectors', () => {
  it('apply the fallback colours while no theme is active', async () => {
    const { theme } = await readyHarness(themes.map((item) => ({ ...item, is_active: false })));

    expect(selectActiveTheme(theme.getSnapshot())).toBeNull();
    expect(selectAppliedColors(theme.getSnapshot())).toEqual({
      primary: '#be27ce',
      secondary: '#2e2e2e',
      accent: '#be27ce33',
      text: '#1F2937',
    });
  });

  it('apply the first active theme, with the fixed text colour', async () => {
    const alsoActive = { ...created, is_active: true };
    const { theme } = await readyHarness([...themes, alsoActive]);

    expect(selectActiveTheme(theme.getSnapshot())?.id).toBe('t2');
    expect(selectAppliedColors(theme.getSnapshot())).toEqual({
      primary: '#0066cc',
      secondary: '#003366',
      accent: '#99ccff',
      text: '#1F2937',
    });
  });

  it('apply the fallback colours while signed out', () => {
    const { theme } = createThemeHarness();

    expect(selectAppliedColors(theme.getSnapshot()).primary).toBe('#be27ce');
  });
});
