import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userEndpoints } from '../../contract/users.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { selectUser } from '../../src/machines/auth.machine.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, senderUser, type RenderOptions } from '../setup/render.tsx';

const firstLoad = { timeout: 15_000 };

function openProfile(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.settings.profile,
    ...options,
    routes: {
      [routeOf(userEndpoints.updateProfile)]: (request) => ({
        status: 200,
        data: { ...senderUser, ...(request.body as object) },
      }),
      [routeOf(userEndpoints.changePassword)]: () => ({ status: 204 }),
      ...options.routes,
    },
  });
}

describe('my profile and security screen', { timeout: 40_000 }, () => {
  it('changes the name in Arabic and updates the signed-in user', async () => {
    const { user, server, services } = openProfile({ language: 'ar' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'ملفي الشخصي والأمان' }, firstLoad),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const name = screen.getByRole('textbox', { name: /^الاسم/ });
    expect(name).toHaveValue('Ada');
    await user.clear(name);
    await user.type(name, 'سامر');
    await user.click(screen.getByRole('button', { name: 'حفظ الملف الشخصي' }));
    expect(await screen.findByText('حُفظ ملفك الشخصي.')).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.updateProfile))[0]?.body).toEqual({ sender_name: 'سامر' });
    expect(selectUser(services.auth.getSnapshot())?.sender_name).toBe('سامر');
  });

  it('asks for the current password when the e-mail changes, and shows the server’s refusal', async () => {
    const { user, server } = openProfile({
      language: 'en',
      routes: {
        [routeOf(userEndpoints.updateProfile)]: () => ({
          status: 400,
          data: {
            statusCode: 400,
            code: 'errors.validation',
            message: 'wrong password',
            fields: { current_password: 'validation.wrongPassword' },
          },
        }),
      },
    });
    const email = await screen.findByRole('textbox', { name: /^E-mail/ }, firstLoad);
    const section = screen.getByRole('region', { name: 'Profile' });
    expect(within(section).queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'sam@new.example');
    await user.click(within(section).getByRole('button', { name: 'Save profile' }));
    expect(await within(section).findByText('This field is required.')).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.updateProfile))).toHaveLength(0);

    await user.type(within(section).getByLabelText(/^Current password/), 'not-my-password-1');
    await user.click(within(section).getByRole('button', { name: 'Save profile' }));
    expect(await within(section).findByText('The current password is not correct.')).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.updateProfile))[0]?.body).toEqual({
      email: 'sam@new.example',
      current_password: 'not-my-password-1',
    });
  });

  it('changes the password and says the other sessions were signed out', async () => {
    const { user, server } = openProfile({ language: 'en' });
    const section = await screen.findByRole('region', { name: 'Password' }, firstLoad);
    await user.type(within(section).getByLabelText(/^Current password/), 'old-pass-2025');
    await user.type(within(section).getByLabelText(/^New password/), 'new-pass-2026');
    await user.type(within(section).getByLabelText(/^Repeat the new password/), 'new-pass-2027');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('The passwords do not match.')).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.changePassword))).toHaveLength(0);

    await user.clear(within(section).getByLabelText(/^Repeat the new password/));
    await user.type(within(section).getByLabelText(/^Repeat the new password/), 'new-pass-2026');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(
      await within(section).findByText(
        'Your password was changed. Every other session of your account has been signed out.',
      ),
    ).toBeInTheDocument();
    expect(server.seen(routeOf(userEndpoints.changePassword))[0]?.body).toEqual({
      current_password: 'old-pass-2025',
      password: 'new-pass-2026',
      password_confirmation: 'new-pass-2026',
    });
    expect(within(section).getByLabelText(/^New password/)).toHaveValue('');
  });

  it('shows a wrong current password beside its field, in Arabic', async () => {
    const { user } = openProfile({
      language: 'ar',
      routes: {
        [routeOf(userEndpoints.changePassword)]: () => ({
          status: 400,
          data: {
            statusCode: 400,
            code: 'errors.validation',
            message: 'wrong',
            fields: { current_password: 'validation.wrongPassword' },
          },
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'كلمة المرور' }, firstLoad);
    await user.type(within(section).getByLabelText(/^كلمة المرور الحالية/), 'wrong-pass-1');
    await user.type(within(section).getByLabelText(/^كلمة المرور الجديدة/), 'new-pass-2026');
    await user.type(within(section).getByLabelText(/^أعد كتابة/), 'new-pass-2026');
    await user.click(within(section).getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await within(section).findByText('كلمة المرور الحالية غير صحيحة.')).toBeInTheDocument();
  });

  it('is reached from the account menu, by administrators too', async () => {
    const { user, router } = renderApp({ signedInAs: 'admin', language: 'en', route: paths.dashboard.home });
    await user.click(await screen.findByRole('button', { name: 'ada' }, firstLoad));
    await user.click(await screen.findByRole('menuitem', { name: 'My profile and security' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard.settings.profile));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile and security' }, firstLoad),
    ).toBeInTheDocument();
  });
});
