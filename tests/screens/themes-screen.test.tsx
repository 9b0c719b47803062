import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeEndpoints } from '../../contract/theme.contract.ts';
import { routeOf } from '../support/fake-server.ts';
import { DEFAULT_NEW_THEME } from '../../contract/theme.defaults.ts';
import { paths } from '../../src/app/paths.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';
// Night (t1) is inactive, Sea (t2) is the active theme.
import { themes } from '../support/fixtures.ts';

function openThemes(options: RenderOptions = {}) {
  return renderApp({ signedInAs: 'admin', route: paths.dashboard.themes, themes, ...options });
}

const card = (name: string) => screen.findByRole('article', { name });

describe('themes screen (Arabic labels of spec §2)', () => {
  it('shows the add form with its Arabic labels and defaults', async () => {
    openThemes({ language: 'ar' });

    expect(await screen.findByRole('heading', { name: 'إضافة ثيم جديد' })).toBeInTheDocument();
    expect(screen.getByLabelText('إسم الثيم')).toHaveValue('');
    expect(screen.getByLabelText('اللون الرئيسي')).toHaveValue(DEFAULT_NEW_THEME.primary_color);
    expect(screen.getByLabelText('اللون الثانوي')).toHaveValue(DEFAULT_NEW_THEME.secondary_color);
    expect(screen.getByLabelText('اللون المميز')).toHaveValue(DEFAULT_NEW_THEME.accent_color);
    expect(screen.getByRole('button', { name: 'إضافة' })).toBeInTheDocument();
  });

  it('renders one card per theme, marking only the active one "(نشط)" in green', async () => {
    openThemes({ language: 'ar' });

    const sea = await card('Sea');
    const night = await card('Night');
    expect(within(sea).getByText('(نشط)')).toBeInTheDocument();
    expect(within(night).queryByText('(نشط)')).not.toBeInTheDocument();
    expect(screen.getAllByText('(نشط)')).toHaveLength(1);
    for (const label of ['رئيسي', 'ثانوي', 'مميز'])
      expect(within(night).getByText(label)).toBeInTheDocument();
  });

  it('offers "تفعيل" only on inactive themes and "حذف" on every theme', async () => {
    openThemes({ language: 'ar' });

    const sea = await card('Sea');
    const night = await card('Night');
    expect(within(night).getByRole('button', { name: 'تفعيل Night' })).toHaveTextContent('تفعيل');
    expect(within(sea).queryByRole('button', { name: /تفعيل/ })).not.toBeInTheDocument();
    expect(within(sea).getByRole('button', { name: 'حذف Sea' })).toHaveTextContent('حذف');
    expect(within(night).getByRole('button', { name: 'حذف Night' })).toBeInTheDocument();
  });

  it('applies the active theme colours to the page', async () => {
    openThemes({ language: 'ar' });

    await card('Sea');
    await waitFor(() => {
      const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
      expect(css).toContain('--app-primary: #0066cc');
      expect(css).toContain('--app-text: #1F2937');
    });
  });
});

describe.each(['ar', 'en'] as const)('themes screen actions (%s)', (language) => {
  it('asks for confirmation before deleting, and deletes only once confirmed', async () => {
    const { user, server, i18n } = openThemes({
      language,
      routes: { [routeOf(themeEndpoints.remove, { id: 't1' })]: () => ({ status: 204 }) },
    });

    await user.click(
      within(await card('Night')).getByRole('button', {
        name: i18n.t('themes.deleteTheme', { name: 'Night' }),
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: i18n.t('themes.confirmDeleteTitle') });
    await user.click(within(dialog).getByRole('button', { name: i18n.t('common.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.seen(routeOf(themeEndpoints.remove, { id: 't1' }))).toHaveLength(0);

    await user.click(
      within(await card('Night')).getByRole('button', {
        name: i18n.t('themes.deleteTheme', { name: 'Night' }),
      }),
    );
    const again = await screen.findByRole('dialog', { name: i18n.t('themes.confirmDeleteTitle') });
    await user.click(within(again).getByRole('button', { name: i18n.t('themes.confirmDelete') }));

    expect(await screen.findByText(i18n.t('themes.deleted'))).toBeInTheDocument();
    expect(server.seen(routeOf(themeEndpoints.remove, { id: 't1' }))).toHaveLength(1);
  });

  it('sends the add even with an empty name and shows the translated validation toast', async () => {
    const { user, server, i18n } = openThemes({
      language,
      routes: {
        [routeOf(themeEndpoints.create)]: () => ({
          status: 400,
          data: {
            statusCode: 400,
            code: 'errors.validation',
            message: 'Invalid',
            fields: { name: 'validation.required' },
          },
        }),
      },
    });

    await user.click(await screen.findByRole('button', { name: i18n.t('themes.add') }));

    await waitFor(() => expect(server.seen(routeOf(themeEndpoints.create))).toHaveLength(1));
    expect(server.seen(routeOf(themeEndpoints.create))[0]?.body).toEqual(DEFAULT_NEW_THEME);
    // Once in the toast, once under the name field.
    await waitFor(() => expect(screen.getAllByText(i18n.t('validation.required'))).toHaveLength(2));
  });

  it('activates an inactive theme', async () => {
    const { user, server, i18n } = openThemes({
      language,
      routes: {
        [routeOf(themeEndpoints.activate, { id: 't1' })]: () => ({
          status: 200,
          data: { ...themes[0], is_active: true },
        }),
      },
    });

    await user.click(
      within(await card('Night')).getByRole('button', {
        name: i18n.t('themes.activateTheme', { name: 'Night' }),
      }),
    );

    expect(await screen.findByText(i18n.t('themes.activated'))).toBeInTheDocument();
    expect(server.seen(routeOf(themeEndpoints.activate, { id: 't1' }))).toHaveLength(1);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let serverDown = true;
    const { user, i18n } = openThemes({
      language,
      routes: {
        [routeOf(themeEndpoints.list)]: () =>
          serverDown
            ? { status: 500, data: { statusCode: 500, code: 'errors.unexpected', message: 'boom' } }
            : { status: 200, data: themes },
      },
    });

    // The query client retries once (after a second) before the machine reports the failure.
    const retry = await screen.findByRole('button', { name: i18n.t('common.retry') }, { timeout: 4000 });
    expect(screen.getByRole('alert')).toHaveTextContent(i18n.t('errors.unexpected'));
    serverDown = false;
    await user.click(retry);

    expect(await card('Sea')).toBeInTheDocument();
  });
});
