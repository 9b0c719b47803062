import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { renderApp } from '../setup/render.tsx';

const languages = ['ar', 'en'] as const;
// Lazy screens load their code first; a busy machine needs more than the default second.
const slow = { timeout: 10_000 };

describe.each(languages)('page titles, headings and focus (%s)', { timeout: 30_000 }, (language) => {
  it('names the document after the route, in the chosen language', async () => {
    const { i18n, router } = renderApp({ language, route: paths.auth.login });
    const appName = i18n.t('app.name');

    await waitFor(() => expect(document.title).toBe(`${i18n.t('auth.login.title')} | ${appName}`), slow);
    await router.navigate(paths.auth.forgetPassword);
    await waitFor(
      () => expect(document.title).toBe(`${i18n.t('auth.forgetPassword.title')} | ${appName}`),
      slow,
    );
  });

  it('moves focus to the new page heading after a navigation', async () => {
    const { i18n, router } = renderApp({ language, signedInAs: 'admin', route: paths.dashboard.home });
    await screen.findByRole('heading', { level: 1, name: i18n.t('home.title') }, slow);

    await router.navigate(paths.dashboard.groups);

    const heading = await screen.findByRole('heading', { level: 1, name: i18n.t('pages.groups') }, slow);
    await waitFor(() => expect(document.activeElement).toBe(heading), slow);
    expect(document.title).toBe(`${i18n.t('pages.groups')} | ${i18n.t('app.name')}`);
  });

  it('gives "From Excel" its own page, highlighted alone', async () => {
    const { i18n } = renderApp({ language, signedInAs: 'sender', route: paths.dashboard.send.excel });

    expect(
      await screen.findByRole('heading', { level: 1, name: i18n.t('pages.sendExcel') }, slow),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: i18n.t('nav.label') });
    const excel = await within(nav).findByRole('link', { name: i18n.t('nav.sendExcel') }, slow);
    expect(excel).toHaveAttribute('href', paths.dashboard.send.excel);
    expect(excel).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: i18n.t('nav.sendUser') })).not.toHaveAttribute(
      'data-active',
    );
  });
});
