import type { AxiosInstance } from 'axios';
import { apiPaths } from '../../contract/api-paths.ts';
import {
  loginResponseSchema,
  tokenPairSchema,
  userSchema,
  type LoginRequest,
  type LoginResponse,
  type LogoutRequest,
  type RefreshRequest,
  type TokenPair,
  type User,
} from '../../contract/auth.contract.ts';

/** POST /auth/login/: also makes the server set the elNamerEmailSender cookie. */
export async function login(
  http: AxiosInstance,
  input: LoginRequest,
  signal?: AbortSignal,
): Promise<LoginResponse> {
  const response = await http.post<unknown>(apiPaths.login, input, { signal });
  return loginResponseSchema.parse(response.data);
}

/** POST /auth/token/refresh/: refresh tokens rotate, so the old one is dead afterwards. */
export async function refreshTokens(
  http: AxiosInstance,
  input: RefreshRequest,
  signal?: AbortSignal,
): Promise<TokenPair> {
  const response = await http.post<unknown>(apiPaths.refresh, input, { signal });
  return tokenPairSchema.parse(response.data);
}

/** POST /auth/logout/: revokes the refresh token and clears the cookie. */
export async function logout(http: AxiosInstance, input: LogoutRequest, signal?: AbortSignal): Promise<void> {
  await http.post(apiPaths.logout, input, { signal });
}

/** GET /auth/user-status: the signed-in user, with current quota figures. */
export async function fetchUserStatus(http: AxiosInstance, signal?: AbortSignal): Promise<User> {
  const response = await http.get<unknown>(apiPaths.userStatus, { signal });
  return userSchema.parse(response.data);
}
