import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../src/app/paths.ts';
import { renderApp } from '../setup/render.tsx';

const languages = ['ar', 'en'] as const;

describe.each(languages)('route guards (%s)', (language) => {
  it('sends a visitor without the session cookie from the dashboard to sign-in, replacing history', async () => {
    const { router, i18n } = renderApp({ language, route: paths.dashboard.home });

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('button', { name: i18n.t('auth.login.submit') })).toBeInTheDocument();
  });

  it('shows a signed-in sender the 403 page for the themes screen', async () => {
    const { router, i18n } = renderApp({ language, signedInAs: 'sender', route: paths.dashboard.themes });

    expect(
      await screen.findByRole('heading', { name: i18n.t('errorPages.forbidden.title') }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.forbidden);
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('link', { name: i18n.t('common.backHome') })).toHaveAttribute(
      'href',
      paths.dashboard.home,
    );
  });

  it.each([paths.dashboard.users, paths.dashboard.usersAmount])(
    'shows a signed-in sender the 403 page for %s',
    async (route) => {
      const { i18n } = renderApp({ language, signedInAs: 'sender', route });

      expect(
        await screen.findByRole('heading', { name: i18n.t('errorPages.forbidden.title') }),
      ).toBeInTheDocument();
    },
  );

  it('lets an administrator open the themes screen', async () => {
    const { i18n } = renderApp({ language, signedInAs: 'admin', route: paths.dashboard.themes });

    expect(await screen.findByRole('heading', { name: i18n.t('themes.addTitle') })).toBeInTheDocument();
  });

  it('sends a signed-in administrator from sign-in to the dashboard home', async () => {
    const { router, i18n } = renderApp({ language, signedInAs: 'admin', route: paths.auth.login });

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.home));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: i18n.t('home.title'), level: 1 })).toBeInTheDocument();
  });

  it.each([
    [paths.root, paths.auth.login],
    [paths.auth.root, paths.auth.login],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = renderApp({ language, route: from });

    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    [paths.dashboard.root, paths.dashboard.home],
    [paths.dashboard.send.root, paths.dashboard.send.user],
    [paths.dashboard.logs.root, paths.dashboard.logs.email],
    [paths.dashboard.services.root, paths.dashboard.services.templates],
  ])('redirects %s to %s for a signed-in user', async (from, to) => {
    const { router } = renderApp({ language, signedInAs: 'sender', route: from });

    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });
});
