import type { AxiosInstance } from 'axios';
import { apiPaths } from '../../contract/api-paths.ts';
import {
  themeListSchema,
  themeSchema,
  type CreateThemeRequest,
  type Theme,
  type UpdateThemeRequest,
} from '../../contract/theme.contract.ts';

/** The QueryClient key of the theme list; every theme mutation invalidates it. */
export const themesQueryKey = ['themes'] as const;

/** GET /control/theme/: every theme. */
export async function listThemes(http: AxiosInstance, signal?: AbortSignal): Promise<Theme[]> {
  const response = await http.get<unknown>(apiPaths.themes, { signal });
  return themeListSchema.parse(response.data);
}

/** GET /control/theme: the same array; the app applies the first entry with is_active (spec §7). */
export async function listActiveThemes(http: AxiosInstance, signal?: AbortSignal): Promise<Theme[]> {
  const response = await http.get<unknown>(apiPaths.activeTheme, { signal });
  return themeListSchema.parse(response.data);
}

/** POST /control/theme/: no client-side check; the server answers 400/409 with field keys. */
export async function createTheme(
  http: AxiosInstance,
  input: CreateThemeRequest,
  signal?: AbortSignal,
): Promise<Theme> {
  const response = await http.post<unknown>(apiPaths.themes, input, { signal });
  return themeSchema.parse(response.data);
}

/** PATCH /control/theme/{id}/: exists in the API; no screen uses it yet. */
export async function updateTheme(
  http: AxiosInstance,
  input: { id: string; changes: UpdateThemeRequest },
  signal?: AbortSignal,
): Promise<Theme> {
  const response = await http.patch<unknown>(apiPaths.theme(input.id), input.changes, { signal });
  return themeSchema.parse(response.data);
}

/** DELETE /control/theme/{id}/ */
export async function removeTheme(
  http: AxiosInstance,
  input: { id: string },
  signal?: AbortSignal,
): Promise<void> {
  await http.delete(apiPaths.theme(input.id), { signal });
}

/** POST /control/theme/{id}/activate/: the server deactivates the others. */
export async function activateTheme(
  http: AxiosInstance,
  input: { id: string },
  signal?: AbortSignal,
): Promise<Theme> {
  const response = await http.post<unknown>(apiPaths.activateTheme(input.id), undefined, { signal });
  return themeSchema.parse(response.data);
}
