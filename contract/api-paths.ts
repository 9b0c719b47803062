/**
 * Every API path, written once. Paths are fixed (trailing slashes included) because the
 * browser and outside clients rely on them (spec §7). The browser's axios client uses the
 * `/api` base, so these are relative to it.
 */
export const apiPaths = {
  /** Public liveness and database check for load balancers and process supervisors. */
  health: '/health',
  login: '/auth/login/',
  refresh: '/auth/token/refresh/',
  logout: '/auth/logout/',
  userStatus: '/auth/user-status',
  themes: '/control/theme/',
  activeTheme: '/control/theme',
  theme: (id: string) => `/control/theme/${encodeURIComponent(id)}/`,
  activateTheme: (id: string) => `/control/theme/${encodeURIComponent(id)}/activate/`,
} as const;

export const API_PREFIX = '/api';
