import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { logEndpoints } from '../../contract/logs.contract.ts';
import { securityEndpoints } from '../../contract/security.contract.ts';
import { paths } from '../../src/app/paths.ts';
import arSecurity from '../../src/i18n/locales/ar/security.json';
import enSecurity from '../../src/i18n/locales/en/security.json';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const firstLoad = { timeout: 15_000 };
const refused = {
  status: 403,
  data: { statusCode: 403, code: errorCodes.twoFactorSetupRequired, message: 'Set up two-factor first' },
};

/**
 * Issue 21: an administrator requires two-step sign-in and the signed-in account has none. The
 * server refuses the overview's figures; the app leads to Settings -> Security, says why, lets
 * the account set it up or sign out, and opens the dashboard again once it is on.
 */
function signedInWithoutTwoFactor(options: RenderOptions) {
  let enabled = false;
  const rendered = renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.home,
    ...options,
    routes: {
      [routeOf(logEndpoints.summary)]: () => (enabled ? { status: 200, data: {} } : refused),
      [routeOf(logEndpoints.trend)]: () => refused,
      [routeOf(securityEndpoints.twoFactorStatus)]: () => ({
        status: 200,
        data: { enabled, required: true, recovery_codes_left: enabled ? 10 : 0 },
      }),
      [routeOf(securityEndpoints.sessions)]: () => ({ status: 200, data: { count: 0, results: [] } }),
      [routeOf(securityEndpoints.signIns)]: () => ({ status: 200, data: { count: 0, results: [] } }),
      [routeOf(securityEndpoints.setupTwoFactor)]: () => ({
        status: 200,
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/El%20Namer:sam?secret=JBSWY3DPEHPK3PXP',
        },
      }),
      [routeOf(securityEndpoints.enableTwoFactor)]: () => {
        enabled = true;
        return {
          status: 200,
          data: { recovery_codes: Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`) },
        };
      },
      [routeOf(authEndpoints.logout)]: () => ({ status: 204 }),
      ...options.routes,
    },
  });
  rendered.i18n.addResourceBundle('ar', 'security', arSecurity, true, false);
  rendered.i18n.addResourceBundle('en', 'security', enSecurity, true, false);
  return rendered;
}

describe('two-step sign-in required by an administrator', { timeout: 40_000 }, () => {
  it.each([
    ['en', enSecurity],
    ['ar', arSecurity],
  ] as const)(
    'leads from the overview to Settings -> Security and says why (%s)',
    async (language, words) => {
      const { router, i18n } = signedInWithoutTwoFactor({ language });
      const alert = await screen.findByRole('alert', { name: words.setupRequired.title }, firstLoad);
      expect(within(alert).getByText(words.setupRequired.message)).toBeInTheDocument();
      // The page explains it; no toast per refused call repeats it.
      expect(screen.queryByText(i18n.t('errors.twoFactorSetupRequired'))).not.toBeInTheDocument();
      expect(router.state.location.pathname).toBe(paths.dashboard.settings.security);
      expect(screen.getByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: words.twoFactor.start })).toBeInTheDocument();

      // Another page of the dashboard leads back here while the set-up is not done.
      await router.navigate(paths.dashboard.logs.email);
      await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.settings.security));
    },
  );

  it('sets it up there, after which the dashboard opens again', async () => {
    const { router, user } = signedInWithoutTwoFactor({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }, firstLoad));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the app' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await user.click(await screen.findByRole('button', { name: 'I have saved them' }));
    // The status read again finds it on: the explanation goes and other pages open.
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: enSecurity.setupRequired.title })).not.toBeInTheDocument(),
    );
    await router.navigate(paths.dashboard.settings.profile);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(router.state.location.pathname).toBe(paths.dashboard.settings.profile);
  });

  it('says why on Settings -> Security opened straight away (a reload there), and holds the account', async () => {
    const { router, server } = signedInWithoutTwoFactor({
      language: 'en',
      route: paths.dashboard.settings.security,
    });
    await screen.findByRole('alert', { name: enSecurity.setupRequired.title }, firstLoad);
    expect(server.seen(routeOf(logEndpoints.summary))).toHaveLength(0);
    await router.navigate(paths.dashboard.home);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.settings.security));
  });

  it('signs out from there', async () => {
    const { router, user, server } = signedInWithoutTwoFactor({ language: 'en' });
    const alert = await screen.findByRole('alert', { name: enSecurity.setupRequired.title }, firstLoad);
    await user.click(within(alert).getByRole('button', { name: enSecurity.setupRequired.signOut }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login));
    expect(server.seen(routeOf(authEndpoints.logout))).toHaveLength(1);
  });
});
