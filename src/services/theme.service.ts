import type { CreateThemeRequest, Theme, UpdateThemeRequest } from '../../contract/theme.contract.ts';
import type { Call } from './http.ts';

// The contract (and zod with it) loads with the first call, not with the login page (issue 6).
const endpoints = async () => (await import('../../contract/theme.contract.ts')).themeEndpoints;

/** The QueryClient key of the theme list; every theme mutation invalidates it. */
export const themesQueryKey = ['themes'] as const;

/** GET /control/theme/: every theme. */
export const listThemes = async (call: Call, signal?: AbortSignal): Promise<Theme[]> =>
  call((await endpoints()).list, {}, signal);

/** GET /control/theme: the same array; the app applies the first entry with is_active (spec §7). */
export const listActiveThemes = async (call: Call, signal?: AbortSignal): Promise<Theme[]> =>
  call((await endpoints()).active, {}, signal);

/** POST /control/theme/: no client-side check; the server answers 400/409 with field keys. */
export const createTheme = async (
  call: Call,
  input: CreateThemeRequest,
  signal?: AbortSignal,
): Promise<Theme> => call((await endpoints()).create, { body: input }, signal);

/** PATCH /control/theme/{id}/: exists in the API; no screen uses it yet. */
export const updateTheme = async (
  call: Call,
  input: { id: string; changes: UpdateThemeRequest },
  signal?: AbortSignal,
): Promise<Theme> =>
  call((await endpoints()).update, { params: { id: input.id }, body: input.changes }, signal);

/** DELETE /control/theme/{id}/ */
export const removeTheme = async (call: Call, input: { id: string }, signal?: AbortSignal): Promise<void> =>
  call((await endpoints()).remove, { params: input }, signal);

/** POST /control/theme/{id}/activate/: the server deactivates the others. */
export const activateTheme = async (
  call: Call,
  input: { id: string },
  signal?: AbortSignal,
): Promise<Theme> => call((await endpoints()).activate, { params: input }, signal);
