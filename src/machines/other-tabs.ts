import type { StoredSession } from './auth-rules.ts';

// The rules by which a signed-in tab follows the others of its browser, which share the stored
// sign-in: the auth machine's guards for auth.storedSessionChanged (tests/unit/other-tabs.test.ts).

/** Sent by the auth machine's watchOtherTabs actor when another tab changed the stored sign-in. */
export type StoredSessionChanged = { type: 'auth.storedSessionChanged'; stored: StoredSession | null };

interface SignedIn {
  user: { id: string } | null;
  refresh: string | null;
}

/** The sign-in another tab stored, as the event reports it; undefined for any other event. */
function storedElsewhere(event: { type: string }): StoredSession | null | undefined {
  return event.type === 'auth.storedSessionChanged' ? (event as StoredSessionChanged).stored : undefined;
}

/** Nothing stored any more: another tab signed out. */
export const isSignedOutElsewhere = (event: { type: string }): boolean => storedElsewhere(event) === null;

/** Same user, another refresh token: another tab refreshed the tokens, and ours is spent. */
export function hasTokensRotatedElsewhere(context: SignedIn, event: { type: string }): boolean {
  const stored = storedElsewhere(event);
  return !!stored && stored.user.id === context.user?.id && stored.refresh !== context.refresh;
}

/** The tokens another tab stored, for the auth machine's context. */
export function tokensStoredElsewhere(event: { type: string }): { access?: string; refresh?: string } {
  const stored = storedElsewhere(event);
  return stored ? { access: stored.access, refresh: stored.refresh } : {};
}
