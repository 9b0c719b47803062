import { SESSION_COOKIE, SESSION_MARKERS, type Role } from '../../contract/auth.contract.ts';

/**
 * The routing cookie the browser's guards read (spec §4). It is a hint for the browser, never a
 * credential, so it is deliberately readable by scripts (no HttpOnly); SameSite=Strict keeps it
 * off cross-site requests.
 */
export function sessionCookie(role: Role, maxAgeSeconds: number, secure: boolean): string {
  return withFlags(`${SESSION_COOKIE}=${SESSION_MARKERS[role]}; Path=/; Max-Age=${maxAgeSeconds}`, secure);
}

export function clearedSessionCookie(secure: boolean): string {
  return withFlags(`${SESSION_COOKIE}=; Path=/; Max-Age=0`, secure);
}

// Secure only over HTTPS: a plain-HTTP install (localhost, a LAN box) would otherwise lose the cookie.
const withFlags = (cookie: string, secure: boolean) =>
  `${cookie}; SameSite=Strict${secure ? '; Secure' : ''}`;
