import { screen, waitFor } from '@testing-library/react';
import { passwordResetEndpoints } from '../../contract/password-reset.contract.ts';
import ar from '../../src/i18n/locales/ar/common.json';
import en from '../../src/i18n/locales/en/common.json';
import { paths } from '../../src/app/paths.ts';
import { renderApp } from '../setup/render.tsx';
import { routeOf } from '../support/fake-server.ts';

const texts = { ar, en } as const;
const failWith = (status: number, code: string) => () => ({
  status,
  data: { statusCode: status, code, message: code },
});
const TOKEN = 'link-token-1234567890abc';

describe.each(['ar', 'en'] as const)('forgot password screen (%s)', (language) => {
  const tx = texts[language];

  it('mails a link to the address and says to check within an hour', async () => {
    const { user, server } = renderApp({
      language,
      route: paths.auth.forgetPassword,
      routes: { [routeOf(passwordResetEndpoints.forgot)]: () => ({ status: 200, data: { sent: true } }) },
    });
    await user.type(
      await screen.findByLabelText(tx.auth.forgetPassword.email, { exact: false }),
      ' sara@example.com',
    );
    await user.click(screen.getByRole('button', { name: tx.auth.forgetPassword.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(tx.auth.forgetPassword.sent);
    expect(server.seen(routeOf(passwordResetEndpoints.forgot))[0]?.body).toEqual({
      email: 'sara@example.com',
      language,
    });
  });

  it('says the account was not found', async () => {
    const { user } = renderApp({
      language,
      route: paths.auth.forgetPassword,
      routes: { [routeOf(passwordResetEndpoints.forgot)]: failWith(404, 'errors.accountNotFound') },
    });
    await user.type(
      await screen.findByLabelText(tx.auth.forgetPassword.email, { exact: false }),
      'x@example.com',
    );
    await user.click(screen.getByRole('button', { name: tx.auth.forgetPassword.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tx.errors.accountNotFound);
  });

  it('asks for the address before sending', async () => {
    const { user, server } = renderApp({ language, route: paths.auth.forgetPassword });
    await user.click(await screen.findByRole('button', { name: tx.auth.forgetPassword.submit }));
    expect(await screen.findByText(tx.validation.required)).toBeInTheDocument();
    expect(server.seen(routeOf(passwordResetEndpoints.forgot))).toHaveLength(0);
  });
});

describe.each(['ar', 'en'] as const)('reset password screen (%s)', (language) => {
  const tx = texts[language];
  const checkRoute = routeOf(passwordResetEndpoints.check, { token: TOKEN });

  it('shows "Invalid reset link." for a link the server refuses', async () => {
    renderApp({
      language,
      route: `${paths.auth.resetPassword}?token=${TOKEN}`,
      routes: { [checkRoute]: failWith(400, 'errors.invalidResetLink') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(tx.errors.invalidResetLink);
    expect(screen.getByRole('link', { name: tx.auth.resetPassword.requestNew })).toBeInTheDocument();
  });

  it('shows the invalid state for a link without a token, without asking the server', async () => {
    const { server } = renderApp({ language, route: paths.auth.resetPassword });
    expect(await screen.findByRole('alert')).toHaveTextContent(tx.errors.invalidResetLink);
    expect(server.requests.filter((request) => request.url.includes('password'))).toHaveLength(0);
  });

  it('checks the rules, sets the new password and goes to sign-in', async () => {
    const { user, server, router } = renderApp({
      language,
      route: `${paths.auth.resetPassword}?token=${TOKEN}`,
      routes: {
        [checkRoute]: () => ({ status: 200, data: { valid: true } }),
        [routeOf(passwordResetEndpoints.reset)]: () => ({ status: 204 }),
      },
    });
    const password = await screen.findByLabelText(new RegExp(`^${tx.auth.resetPassword.password}`));
    await user.type(password, 'short');
    expect(await screen.findByText(tx.validation.passwordTooShort)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'New-pass-456');
    await user.type(
      screen.getByLabelText(tx.auth.resetPassword.confirmation, { exact: false }),
      'New-pass-45',
    );
    expect(await screen.findByText(tx.validation.passwordMismatch)).toBeInTheDocument();
    await user.type(screen.getByLabelText(tx.auth.resetPassword.confirmation, { exact: false }), '6');
    await user.click(screen.getByRole('button', { name: tx.auth.resetPassword.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login));
    expect(server.seen(routeOf(passwordResetEndpoints.reset))[0]?.body).toEqual({
      token: TOKEN,
      password: 'New-pass-456',
      password_confirmation: 'New-pass-456',
    });
  });
});
