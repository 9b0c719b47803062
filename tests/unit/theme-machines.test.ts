import { describe, expect, it } from 'vitest';
import type { Theme } from '../../contract/theme.contract.ts';
import { DEFAULT_NEW_THEME } from '../../contract/theme.defaults.ts';
import { selectActiveTheme, selectAppliedColors } from '../../src/machines/themes/active-theme.machine.ts';
import { selectActivatingId } from '../../src/machines/themes/theme-activation.machine.ts';
import { selectIsAdding } from '../../src/machines/themes/theme-form.machine.ts';
import { settle } from '../support/controlled-actor.ts';
import { apiError, httpError, networkError, themes } from '../support/fixtures.ts';
import {
  createActiveThemeHarness,
  createThemeActivationHarness,
  createThemeFormHarness,
} from '../support/theme-harness.ts';

const created: Theme = {
  id: 't3',
  name: 'Forest',
  primary_color: '#00aa00',
  secondary_color: '#004400',
  accent_color: '#00aa0033',
  is_active: false,
};

async function loaded(list: Theme[] = themes) {
  const harness = createActiveThemeHarness();
  harness.theme.send({ type: 'theme.load' });
  harness.loadThemes.resolve(list);
  await settle();
  return harness;
}

describe('active theme machine', () => {
  it('loads nothing while signed out and applies the fallback colours', () => {
    const { theme, loadThemes } = createActiveThemeHarness();

    expect(theme.getSnapshot().value).toBe('idle');
    expect(loadThemes.calls).toHaveLength(0);
    expect(selectAppliedColors(theme.getSnapshot()).primary).toBe('#be27ce');
  });

  it('applies the fallback colours while no theme is active', async () => {
    const { theme } = await loaded(themes.map((item) => ({ ...item, is_active: false })));

    expect(selectActiveTheme(theme.getSnapshot())).toBeNull();
    expect(selectAppliedColors(theme.getSnapshot())).toEqual({
      primary: '#be27ce',
      secondary: '#2e2e2e',
      accent: '#be27ce33',
      text: '#1F2937',
    });
  });

  it('applies the first active theme, with the fixed text colour', async () => {
    const { theme } = await loaded([...themes, { ...created, is_active: true }]);

    expect(selectActiveTheme(theme.getSnapshot())?.id).toBe('t2');
    expect(selectAppliedColors(theme.getSnapshot())).toEqual({
      primary: '#0066cc',
      secondary: '#003366',
      accent: '#99ccff',
      text: '#1F2937',
    });
  });

  it('reads the list again after a change and recolours', async () => {
    const { theme, loadThemes } = await loaded();

    theme.send({ type: 'theme.changed' });
    loadThemes.resolve([{ ...created, is_active: true }]);
    await settle();

    expect(loadThemes.calls).toHaveLength(2);
    expect(selectAppliedColors(theme.getSnapshot()).primary).toBe('#00aa00');
  });

  it('keeps the failure key, tries again on the next change, and forgets everything on unload', async () => {
    const { theme, loadThemes } = createActiveThemeHarness();
    theme.send({ type: 'theme.load' });
    loadThemes.reject(networkError());
    await settle();
    const failed = theme.getSnapshot();
    theme.send({ type: 'theme.changed' });
    loadThemes.resolve(themes);
    await settle();
    const ready = theme.getSnapshot();

    theme.send({ type: 'theme.unload' });

    expect(failed.value).toBe('failed');
    expect(failed.context.errorKey).toBe('errors.network');
    expect(ready.value).toBe('ready');
    expect(ready.context.errorKey).toBeNull();
    expect(theme.getSnapshot().value).toBe('idle');
    expect(theme.getSnapshot().context.themes).toEqual([]);
  });
});

describe('theme form machine', () => {
  it('starts at the spec defaults and keeps what the user types', () => {
    const { form } = createThemeFormHarness();
    const initial = form.getSnapshot().context.form;

    form.send({ type: 'theme.form.change', field: 'name', value: 'Forest' });
    form.send({ type: 'theme.form.change', field: 'primary_color', value: '#00aa00' });

    expect(initial).toEqual({
      name: '',
      primary_color: '#be27ce',
      secondary_color: '#2e2e2e',
      accent_color: '#be27ce33',
    });
    expect(form.getSnapshot().context.form).toEqual({
      ...DEFAULT_NEW_THEME,
      name: 'Forest',
      primary_color: '#00aa00',
    });
  });

  it('posts the form, toasts, resets the form and reports the change', async () => {
    const { form, createTheme, themesChanged, notices } = createThemeFormHarness();
    form.send({ type: 'theme.form.change', field: 'name', value: 'Forest' });

    form.send({ type: 'theme.add' });
    const adding = form.getSnapshot();
    const ignored = form.getSnapshot().can({ type: 'theme.add' });
    createTheme.resolve(created);
    await settle();

    expect(selectIsAdding(adding)).toBe(true);
    expect(ignored).toBe(false);
    expect(createTheme.last().input).toEqual({ ...DEFAULT_NEW_THEME, name: 'Forest' });
    expect(notices).toEqual([{ kind: 'success', key: 'themes.added' }]);
    expect(themesChanged).toHaveBeenCalledOnce();
    expect(form.getSnapshot().value).toBe('editing');
    expect(form.getSnapshot().context.form).toEqual(DEFAULT_NEW_THEME);
  });

  it('sends the add even with an empty name (no client-side check)', () => {
    const { form, createTheme } = createThemeFormHarness();

    form.send({ type: 'theme.add' });

    expect(createTheme.last().input.name).toBe('');
  });

  it('keeps what the user typed and shows the field error when the server refuses', async () => {
    const { form, createTheme, themesChanged, notices } = createThemeFormHarness();
    form.send({ type: 'theme.form.change', field: 'accent_color', value: '#123456' });
    form.send({ type: 'theme.add' });

    createTheme.reject(apiError(400, 'errors.validation', { name: 'validation.required' }));
    await settle();

    expect(form.getSnapshot().value).toBe('editing');
    expect(form.getSnapshot().context.form).toEqual({ ...DEFAULT_NEW_THEME, accent_color: '#123456' });
    expect(form.getSnapshot().context.fieldErrors).toEqual({ name: 'validation.required' });
    expect(notices).toEqual([{ kind: 'error', key: 'validation.required' }]);
    expect(themesChanged).not.toHaveBeenCalled();
  });

  it('shows a taken name as the field error, and clears it once the field is edited', async () => {
    const { form, createTheme, notices } = createThemeFormHarness();
    form.send({ type: 'theme.form.change', field: 'name', value: 'Sea' });
    form.send({ type: 'theme.add' });
    createTheme.reject(apiError(409, 'errors.conflict', { name: 'validation.nameTaken' }));
    await settle();
    const refused = form.getSnapshot().context.fieldErrors;

    form.send({ type: 'theme.form.change', field: 'name', value: 'Sea 2' });

    expect(refused).toEqual({ name: 'validation.nameTaken' });
    expect(notices).toEqual([{ kind: 'error', key: 'validation.nameTaken' }]);
    expect(form.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('toasts the error code when the server names no field', async () => {
    const { form, createTheme, notices } = createThemeFormHarness();
    form.send({ type: 'theme.add' });

    createTheme.reject(httpError(500, 'boom'));
    await settle();

    expect(notices).toEqual([{ kind: 'error', key: 'errors.unexpected' }]);
  });
});

describe('theme activation machine', () => {
  it('activates one theme at a time, toasts and reports the change', async () => {
    const { activation, activateTheme, themesChanged, notices } = createThemeActivationHarness();

    activation.send({ type: 'theme.activate', id: 't1' });
    const activating = activation.getSnapshot();
    activation.send({ type: 'theme.activate', id: 't2' });
    activateTheme.resolve({ ...themes[0]!, is_active: true });
    await settle();

    expect(selectActivatingId(activating)).toBe('t1');
    expect(activateTheme.calls.map((call) => call.input)).toEqual([{ id: 't1' }]);
    expect(notices).toEqual([{ kind: 'success', key: 'themes.activated' }]);
    expect(themesChanged).toHaveBeenCalledOnce();
    expect(selectActivatingId(activation.getSnapshot())).toBeNull();
  });

  it('toasts the failure and changes nothing', async () => {
    const { activation, activateTheme, themesChanged, notices } = createThemeActivationHarness();
    activation.send({ type: 'theme.activate', id: 'missing' });

    activateTheme.reject(apiError(404, 'errors.notFound'));
    await settle();

    expect(activation.getSnapshot().value).toBe('idle');
    expect(notices).toEqual([{ kind: 'error', key: 'errors.notFound' }]);
    expect(themesChanged).not.toHaveBeenCalled();
  });
});
