import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { authMachine } from '../../src/machines/auth.machine.ts';
import type { Notice } from '../../src/machines/notify.ts';
import { hasTokensRotatedElsewhere, isSignedOutElsewhere } from '../../src/machines/other-tabs.ts';
import { SESSION_MARKERS, type User } from '../../contract/auth.contract.ts';
import type { RestoredSignIn } from '../../src/machines/auth-rules.ts';
import { adminUser, senderUser } from '../support/fixtures.ts';

const signedIn = { user: adminUser, access: 'access-1', refresh: 'refresh-1' };
const changed = (stored: typeof signedIn | null) => ({ type: 'auth.storedSessionChanged', stored });

describe('the rules for following the other tabs (src/machines/other-tabs.ts)', () => {
  it('take an empty storage for a sign-out elsewhere', () => {
    expect(isSignedOutElsewhere(changed(null))).toBe(true);
    expect(isSignedOutElsewhere(changed(signedIn))).toBe(false);
    expect(isSignedOutElsewhere({ type: 'auth.logout' })).toBe(false);
  });

  it('follow new tokens of the same user only', () => {
    const rotated = { ...signedIn, access: 'access-2', refresh: 'refresh-2' };
    expect(hasTokensRotatedElsewhere(signedIn, changed(rotated))).toBe(true);
    expect(hasTokensRotatedElsewhere(signedIn, changed(signedIn))).toBe(false);
    expect(hasTokensRotatedElsewhere(signedIn, changed({ ...rotated, user: senderUser }))).toBe(false);
    expect(hasTokensRotatedElsewhere(signedIn, changed(null))).toBe(false);
  });
});

/** The auth machine restored as signed in, with a watchOtherTabs actor the test speaks through. */
async function signedInAuth() {
  const notices: Notice[] = [];
  const persisted: unknown[] = [];
  const watching = { sendBack: undefined as ((event: AnyEventObject) => void) | undefined, stopped: 0 };
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise<RestoredSignIn>(async () => ({
          stored: signedIn,
          marker: SESSION_MARKERS.sender,
        })),
        // Never answers: the tab stays signed in as restored.
        fetchUserStatus: fromPromise<User>(() => new Promise(() => {})),
        watchOtherTabs: fromCallback(({ sendBack }) => {
          watching.sendBack = sendBack;
          return () => (watching.stopped += 1);
        }),
      },
      actions: {
        persistSession: ({ context }) => persisted.push({ access: context.access, refresh: context.refresh }),
        notify: (_, notice) => notices.push(notice),
      },
    }),
  ).start();
  await waitFor(auth, (snapshot) => snapshot.matches('signedIn'));
  const tell = (stored: typeof signedIn | null) => watching.sendBack?.(changed(stored));
  return { auth, notices, persisted, watching, tell };
}

describe('auth machine: the other tabs of this browser', () => {
  it('watches them while signed in, and stops when signed out', async () => {
    const { auth, watching } = await signedInAuth();
    expect(watching.sendBack).toBeDefined();

    auth.send({ type: 'auth.sessionExpired' });

    expect(auth.getSnapshot().matches('signedOut')).toBe(true);
    expect(watching.stopped).toBe(1);
  });

  it('signs out when another tab did, with its toast', async () => {
    const { auth, notices, tell } = await signedInAuth();

    tell(null);

    expect(auth.getSnapshot().matches('signedOut')).toBe(true);
    expect(auth.getSnapshot().context.access).toBeNull();
    expect(notices).toEqual([{ kind: 'success', key: 'auth.signedOutElsewhere' }]);
  });

  it('takes the tokens another tab rotated, and ignores what changes nothing', async () => {
    const { auth, persisted, tell } = await signedInAuth();

    tell(signedIn);
    tell({ ...signedIn, user: senderUser, access: 'access-s', refresh: 'refresh-s' });
    expect(auth.getSnapshot().context).toMatchObject({ access: 'access-1', refresh: 'refresh-1' });
    expect(persisted).toEqual([]);

    tell({ ...signedIn, access: 'access-2', refresh: 'refresh-2' });

    expect(auth.getSnapshot().matches('signedIn')).toBe(true);
    expect(auth.getSnapshot().context).toMatchObject({ access: 'access-2', refresh: 'refresh-2' });
    expect(persisted).toEqual([{ access: 'access-2', refresh: 'refresh-2' }]);
  });
});
