import { assign, createActor } from 'xstate';
import { sessionMachine } from '../../src/machines/session.machine.ts';
import { readSessionMarker } from '../../src/services/session-cookie.ts';
import { SESSION_COOKIE } from '../../contract/auth.contract.ts';

/** The session machine as the composition root runs it: reading the real document.cookie. */
export const cookieSessionMachine = sessionMachine.provide({
  actions: { readMarker: assign({ marker: () => readSessionMarker() }) },
});

export function startSession() {
  return createActor(cookieSessionMachine).start();
}

/** What the server's Set-Cookie does. */
export function setSessionCookie(value: string): void {
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(value)}; path=/`;
}

export function removeSessionCookie(): void {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
