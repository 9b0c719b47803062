import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { routeOf } from '../support/fake-server.ts';
import { paths } from '../../src/app/paths.ts';
import { adminUser, renderApp, senderUser } from '../setup/render.tsx';

const languages = ['ar', 'en'] as const;

describe.each(languages)('dashboard navigation (%s)', (language) => {
  it('hides the users and themes sections from a sender', async () => {
    const { i18n } = renderApp({ language, signedInAs: 'sender', route: paths.dashboard.home });

    const nav = await screen.findByRole('navigation', { name: i18n.t('nav.label') });
    expect(within(nav).getByText(i18n.t('nav.send'))).toBeInTheDocument();
    expect(within(nav).getByText(i18n.t('nav.recipients'))).toBeInTheDocument();
    expect(within(nav).queryByText(i18n.t('nav.users'))).not.toBeInTheDocument();
    expect(within(nav).queryByText(i18n.t('nav.themes'))).not.toBeInTheDocument();
  });

  it('shows the users and themes sections to an administrator', async () => {
    const { i18n, user, router } = renderApp({ language, signedInAs: 'admin', route: paths.dashboard.home });

    const nav = await screen.findByRole('navigation', { name: i18n.t('nav.label') });
    await user.click(within(nav).getByText(i18n.t('nav.users')));
    expect(within(nav).getByRole('link', { name: i18n.t('nav.balanceLog') })).toHaveAttribute(
      'href',
      paths.dashboard.usersAmount,
    );
    await user.click(within(nav).getByRole('link', { name: i18n.t('nav.themes') }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.themes));
    expect(await screen.findByRole('heading', { name: i18n.t('themes.addTitle') })).toBeInTheDocument();
  });

  it('opens the section of a page reached by its address, not through the menu', async () => {
    const { i18n, router } = renderApp({ language, signedInAs: 'sender', route: paths.dashboard.home });
    const nav = await screen.findByRole('navigation', { name: i18n.t('nav.label') });
    expect(within(nav).queryByRole('link', { name: i18n.t('nav.templates') })).not.toBeInTheDocument();

    await router.navigate(paths.dashboard.services.root);

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.services.templates));
    const templatesLink = await within(nav).findByRole('link', { name: i18n.t('nav.templates') });
    expect(templatesLink).toHaveAttribute('data-active', 'true');
  });

  it('highlights the balance log, not the user list whose path it extends', async () => {
    const { i18n } = renderApp({ language, signedInAs: 'admin', route: paths.dashboard.usersAmount });
    const nav = await screen.findByRole('navigation', { name: i18n.t('nav.label') });
    const balanceLog = await within(nav).findByRole('link', { name: i18n.t('nav.balanceLog') });
    expect(balanceLog).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: i18n.t('nav.userList') })).not.toHaveAttribute(
      'data-active',
    );
  });

  it('shows the signed-in user and their quota on the home screen', async () => {
    const { i18n } = renderApp({ language, signedInAs: 'sender', route: paths.dashboard.home });

    expect(
      await screen.findByText(i18n.t('home.welcome', { name: senderUser.username })),
    ).toBeInTheDocument();
    expect(screen.getByText(i18n.t('roles.sender'))).toBeInTheDocument();
    expect(screen.getByText(i18n.t('home.remaining'))).toBeInTheDocument();
  });

  it('signs out from the user menu and lands on sign-in', async () => {
    const { i18n, user, router, server } = renderApp({
      language,
      signedInAs: 'admin',
      route: paths.dashboard.home,
      routes: { [routeOf(authEndpoints.logout)]: () => ({ status: 204 }) },
    });

    await user.click(await screen.findByRole('button', { name: adminUser.username }));
    await user.click(await screen.findByRole('menuitem', { name: i18n.t('header.logout') }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login));
    expect(server.seen(routeOf(authEndpoints.logout))).toHaveLength(1);
    expect(await screen.findByRole('button', { name: i18n.t('auth.login.submit') })).toBeInTheDocument();
  });

  it('shows a placeholder title for screens still to come', async () => {
    const { i18n } = renderApp({
      language,
      signedInAs: 'sender',
      route: paths.dashboard.recipientList('42'),
    });

    expect(await screen.findByRole('heading', { name: i18n.t('pages.recipientList') })).toBeInTheDocument();
  });
});
