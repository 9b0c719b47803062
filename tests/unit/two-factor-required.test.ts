import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { SESSION_MARKERS } from '../../contract/auth.contract.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { selectIsSignedIn, selectMustSetUpTwoFactor } from '../../src/machines/auth.machine.ts';
import {
  securityOverviewMachine,
  type SecurityOverview,
} from '../../src/machines/security/security-overview.machine.ts';
import { createHttpClient } from '../../src/services/http.ts';
import { createAuthHarness } from '../support/auth-harness.ts';
import { settle } from '../support/controlled-actor.ts';
import { createFakeServer } from '../support/fake-server.ts';
import { adminLogin, adminUser } from '../support/fixtures.ts';
import { setSessionCookie } from '../support/session-actor.ts';

/** Issue 21: an administrator requires two-step sign-in and this account has none. */

async function signedIn() {
  const harness = createAuthHarness();
  harness.auth.start();
  harness.restoreSession.resolve({ stored: null, marker: null });
  await settle();
  harness.auth.send({ type: 'auth.login', username: 'ada', password: 'secret' });
  setSessionCookie(SESSION_MARKERS.admin);
  harness.login.resolve(adminLogin);
  await settle();
  harness.fetchUserStatus.resolve(adminUser);
  await settle();
  return harness;
}

describe('auth machine: two-step sign-in required by an administrator', () => {
  it('holds the account on the set-up until it is done, then reads the status and lets it go', async () => {
    const { auth, fetchUserStatus } = await signedIn();
    expect(selectMustSetUpTwoFactor(auth.getSnapshot())).toBe(false);

    auth.send({ type: 'auth.twoFactorSetupRequired' });
    expect(auth.getSnapshot().matches({ signedIn: 'twoFactorSetup' })).toBe(true);
    expect(selectMustSetUpTwoFactor(auth.getSnapshot())).toBe(true);
    expect(selectIsSignedIn(auth.getSnapshot())).toBe(true);

    // Reading the credits again (another screen's send) does not end the set-up.
    auth.send({ type: 'auth.statusChanged' });
    expect(selectMustSetUpTwoFactor(auth.getSnapshot())).toBe(true);
    expect(fetchUserStatus.calls).toHaveLength(1);

    auth.send({ type: 'auth.twoFactorSetUp' });
    expect(auth.getSnapshot().matches({ signedIn: 'fetchingStatus' })).toBe(true);
    expect(fetchUserStatus.calls).toHaveLength(2);
    fetchUserStatus.resolve(adminUser);
    await settle();
    expect(auth.getSnapshot().matches({ signedIn: 'current' })).toBe(true);
    expect(selectMustSetUpTwoFactor(auth.getSnapshot())).toBe(false);
  });

  it('ignores a set-up report while nothing is held, and still signs out from the set-up', async () => {
    const { auth, logout } = await signedIn();
    auth.send({ type: 'auth.twoFactorSetUp' });
    expect(auth.getSnapshot().matches({ signedIn: 'current' })).toBe(true);

    auth.send({ type: 'auth.twoFactorSetupRequired' });
    auth.send({ type: 'auth.logout' });
    expect(auth.getSnapshot().matches('signingOut')).toBe(true);
    logout.resolve();
    await settle();
    expect(auth.getSnapshot().matches('signedOut')).toBe(true);
    expect(selectMustSetUpTwoFactor(auth.getSnapshot())).toBe(false);
  });
});

describe('http client: a call refused for want of two-step sign-in', () => {
  it('reports it once per refused call and still fails the call; other refusals are not reported', async () => {
    const server = createFakeServer({
      'GET /logs/summary/': () => ({
        status: 403,
        data: { statusCode: 403, code: errorCodes.twoFactorSetupRequired, message: 'x' },
      }),
      'GET /auth/users/': () => ({
        status: 403,
        data: { statusCode: 403, code: errorCodes.forbidden, message: 'x' },
      }),
    });
    const onTwoFactorSetupRequired = vi.fn();
    const http = createHttpClient({
      getAccessToken: () => 'access',
      refreshAccessToken: () => Promise.reject(new Error('no refresh expected')),
      adapter: server.adapter,
      onTwoFactorSetupRequired,
    });
    await expect(http.get('/logs/summary/')).rejects.toMatchObject({ response: { status: 403 } });
    expect(onTwoFactorSetupRequired).toHaveBeenCalledTimes(1);
    await expect(http.get('/auth/users/')).rejects.toMatchObject({ response: { status: 403 } });
    expect(onTwoFactorSetupRequired).toHaveBeenCalledTimes(1);
  });
});

describe('security overview machine: the set-up is settled', () => {
  const overview = (status: SecurityOverview['status']): SecurityOverview => ({
    status,
    sessions: [],
    signIns: [],
    settings: null,
  });

  it.each([
    [{ enabled: true, required: true, recovery_codes_left: 10 }, 1],
    [{ enabled: false, required: false, recovery_codes_left: 0 }, 1],
    [{ enabled: false, required: true, recovery_codes_left: 0 }, 0],
  ])('says whether the account still owes the set-up (%o)', async (status, times) => {
    const twoFactorSettled = vi.fn();
    const twoFactorMissing = vi.fn();
    const actor = createActor(
      securityOverviewMachine.provide({
        actors: { load: fromPromise(async () => overview(status)) },
        actions: { twoFactorSettled, twoFactorMissing },
      }),
    ).start();
    await settle();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.overview?.status).toEqual(status);
    expect(twoFactorSettled).toHaveBeenCalledTimes(times);
    expect(twoFactorMissing).toHaveBeenCalledTimes(1 - times);
  });
});
