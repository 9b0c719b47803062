import { SESSION_COOKIE } from '../../contract/session-marker.ts';

/**
 * The value of the elNamerEmailSender cookie: null when absent, '' when present but empty.
 * It is a routing hint only (spec §4); the server authorises every call by its bearer token.
 */
export function readSessionMarker(doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const separator = part.indexOf('=');
    const name = (separator === -1 ? part : part.slice(0, separator)).trim();
    if (name !== SESSION_COOKIE) continue;
    const raw = separator === -1 ? '' : part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/**
 * Expires the cookie locally. The server clears it on logout too; doing it here as well keeps
 * the routing guards right when the logout call fails or is never made (session expired).
 * The path must match the one the server sets (`/`).
 */
export function clearSessionMarker(doc: Document = document): void {
  doc.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
}
