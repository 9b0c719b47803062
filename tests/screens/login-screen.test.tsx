import { screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SESSION_MARKERS } from '../../contract/auth.contract.ts';
import { authEndpoints } from '../../contract/auth.contract.ts';
import { routeOf } from '../support/fake-server.ts';
import { paths } from '../../src/app/paths.ts';
import { adminUser, renderApp } from '../setup/render.tsx';

const failWith = (status: number, code: string) => () => ({
  status,
  data: { statusCode: status, code, message: code },
});

describe('login screen', () => {
  it('is labelled in Arabic and lays the page out right to left', async () => {
    renderApp({ language: 'ar', route: paths.auth.login });

    expect(await screen.findByLabelText('اسم المستخدم أو البريد الإلكتروني')).toBeInTheDocument();
    expect(screen.getByLabelText('كلمة المرور')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'دخول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
  });

  it('is labelled in English and lays the page out left to right', async () => {
    renderApp({ language: 'en', route: paths.auth.login });

    expect(await screen.findByLabelText('Username or e-mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });

  // Issue 37, defect 8: Mantine's eye button said "Toggle password visibility" in Arabic too,
  // and Tab skipped it.
  it('names the show-password button in the interface language and reaches it by Tab', async () => {
    const { user } = renderApp({ language: 'ar', route: paths.auth.login });
    const toggle = await screen.findByRole('button', { name: 'إظهار كلمة المرور' });
    expect(screen.queryByRole('button', { name: 'Toggle password visibility' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    screen.getByLabelText('كلمة المرور').focus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches language and direction from the switcher, and remembers the choice', async () => {
    const { user } = renderApp({ language: 'ar', route: paths.auth.login });

    await user.click(await screen.findByText('English'));

    expect(await screen.findByLabelText('Username or e-mail')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(window.localStorage.getItem('i18nextLng')).toBe('en');
  });

  it.each([
    [
      'ar',
      'اسم المستخدم أو البريد الإلكتروني',
      'كلمة المرور',
      'دخول',
      'يرجى التحقق من كلمة المرور والبريد الإلكتروني والمحاولة مرة أخرى.',
    ],
    [
      'en',
      'Username or e-mail',
      'Password',
      'Sign in',
      'Please check your password and email and try again.',
    ],
  ] as const)(
    'shows the invalid-credentials message in %s',
    async (language, userLabel, passLabel, submit, message) => {
      const { user } = renderApp({
        language,
        route: paths.auth.login,
        routes: { [routeOf(authEndpoints.login)]: failWith(401, 'errors.invalidCredentials') },
      });

      await user.type(await screen.findByLabelText(userLabel), 'ada');
      await user.type(screen.getByLabelText(passLabel), 'wrong');
      await user.click(screen.getByRole('button', { name: submit }));

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    },
  );

  it.each([
    ['ar', 'خطأ في الاتصال بالشبكة، يرجى المحاولة مرة أخرى.'],
    ['en', 'Network connection error, please try again.'],
  ] as const)('shows the network error in %s when no answer comes back', async (language, message) => {
    const { user, i18n } = renderApp({
      language,
      route: paths.auth.login,
      routes: {
        // What axios throws when no answer arrives.
        [routeOf(authEndpoints.login)]: () => {
          throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
        },
      },
    });

    await user.type(await screen.findByLabelText(i18n.t('auth.login.username')), 'ada');
    await user.type(screen.getByLabelText(i18n.t('auth.login.password')), 'secret');
    await user.click(screen.getByRole('button', { name: i18n.t('auth.login.submit') }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('goes to the dashboard home once signed in', async () => {
    const { user, router } = renderApp({
      language: 'en',
      route: paths.auth.login,
      routes: {
        [routeOf(authEndpoints.login)]: () => {
          // What the server's Set-Cookie does alongside the answer.
          document.cookie = `${SESSION_COOKIE}=${SESSION_MARKERS.admin}; path=/`;
          return { status: 200, data: { user: adminUser, access: 'a', refresh: 'r' } };
        },
        [routeOf(authEndpoints.userStatus)]: () => ({ status: 200, data: adminUser }),
      },
    });

    await user.type(await screen.findByLabelText('Username or e-mail'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.home));
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
  });
});
