import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { securityEndpoints, type SessionInfo, type SignIn } from '../../contract/security.contract.ts';
import { paths } from '../../src/app/paths.ts';
import { routeOf } from '../support/fake-server.ts';
import { renderApp, type RenderOptions } from '../setup/render.tsx';

const firstLoad = { timeout: 15_000 };

const sessions: SessionInfo[] = [
  {
    id: 's-here',
    device: 'Chrome · Windows',
    ip: '10.0.0.1',
    created_at: '2026-11-20T08:00:00.000Z',
    last_used_at: '2026-11-26T08:00:00.000Z',
    current: true,
  },
  {
    id: 's-phone',
    device: '',
    ip: '203.0.113.9',
    created_at: '2026-11-21T08:00:00.000Z',
    last_used_at: '2026-11-25T08:00:00.000Z',
    current: false,
  },
];
const signIns: SignIn[] = [
  {
    id: 'a',
    outcome: 'success',
    device: 'Chrome · Windows',
    ip: '10.0.0.1',
    created_at: '2026-11-26T08:00:00.000Z',
  },
  { id: 'b', outcome: 'wrong_code', device: '', ip: '203.0.113.9', created_at: '2026-11-25T08:00:00.000Z' },
];

function openSecurity(options: RenderOptions = {}) {
  return renderApp({
    signedInAs: 'sender',
    route: paths.dashboard.settings.security,
    ...options,
    routes: {
      [routeOf(securityEndpoints.twoFactorStatus)]: () => ({
        status: 200,
        data: { enabled: false, required: false, recovery_codes_left: 0 },
      }),
      [routeOf(securityEndpoints.sessions)]: () => ({ status: 200, data: { count: 2, results: sessions } }),
      [routeOf(securityEndpoints.signIns)]: () => ({ status: 200, data: { count: 2, results: signIns } }),
      [routeOf(securityEndpoints.endSession, { id: 's-phone' })]: () => ({ status: 204 }),
      [routeOf(securityEndpoints.setupTwoFactor)]: () => ({
        status: 200,
        data: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/El%20Namer:ada?secret=JBSWY3DPEHPK3PXP',
        },
      }),
      [routeOf(securityEndpoints.enableTwoFactor)]: () => ({
        status: 200,
        data: { recovery_codes: Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`) },
      }),
      ...options.routes,
    },
  });
}

describe('Settings -> Security screen', { timeout: 40_000 }, () => {
  it('lists sessions and sign-ins in Arabic and signs one other session out', async () => {
    const { user, server } = openSecurity({ language: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الأمان' }, firstLoad)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const sessionsRegion = screen.getByRole('region', { name: 'الجلسات النشطة' });
    expect(within(sessionsRegion).getByText('هذا المتصفح')).toBeInTheDocument();
    expect(within(sessionsRegion).getAllByText('جهاز غير معروف')).toHaveLength(1);
    const history = screen.getByRole('region', { name: 'سجل تسجيل الدخول' });
    expect(within(history).getByText('رمز خاطئ')).toBeInTheDocument();

    await user.click(
      within(sessionsRegion).getByRole('button', {
        name: 'تسجيل خروج جلسة جهاز غير معروف من العنوان 203.0.113.9',
      }),
    );
    expect(await screen.findByText('تم تسجيل خروج الجلسة.')).toBeInTheDocument();
    expect(server.seen(routeOf(securityEndpoints.endSession, { id: 's-phone' }))).toHaveLength(1);
  });

  it('turns two-step sign-in on in English: QR code, code, recovery codes shown once', async () => {
    const { user, server } = openSecurity({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }, firstLoad));
    expect(
      await screen.findByRole('img', { name: 'QR code to add El Namer to an authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Code from the app' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(await screen.findByText('abcd0-efgh0')).toBeInTheDocument();
    // The status says so at once, before the codes are put away.
    expect(screen.getByRole('status')).toHaveTextContent('On. Recovery codes left: 10.');
    expect(server.seen(routeOf(securityEndpoints.enableTwoFactor))[0]?.body).toEqual({ code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByText('abcd0-efgh0')).not.toBeInTheDocument();
    // Read again after the change.
    expect(server.seen(routeOf(securityEndpoints.twoFactorStatus)).length).toBeGreaterThan(1);
  });

  it('shows a wrong code beside the field', async () => {
    const { user } = openSecurity({
      language: 'en',
      routes: {
        [routeOf(securityEndpoints.enableTwoFactor)]: () => ({
          status: 400,
          data: {
            statusCode: 400,
            code: 'errors.validation',
            message: 'bad',
            fields: { code: 'validation.invalidCode' },
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-step sign-in' }, firstLoad));
    await user.type(await screen.findByRole('textbox', { name: 'Code from the app' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(
      await screen.findByText(
        'Enter the 6-digit code from your app, or a recovery code such as abcde-fgh23.',
      ),
    ).toBeInTheDocument();
  });
});
