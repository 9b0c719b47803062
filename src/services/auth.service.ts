import type {
  LoginAnswer,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  RefreshRequest,
  TokenPair,
  User,
} from '../../contract/auth.contract.ts';
import type { Call } from './http.ts';

// The contract (and zod with it) loads with the first call, not with the login page (issue 6).
const endpoints = async () => (await import('../../contract/auth.contract.ts')).authEndpoints;

/**
 * POST /auth/login/: also makes the server set the elNamerEmailSender cookie. With two-factor
 * sign-in on, answers the challenge (a ticket) instead, and no cookie.
 */
export const login = async (call: Call, input: LoginRequest, signal?: AbortSignal): Promise<LoginAnswer> =>
  call((await endpoints()).login, { body: input }, signal);

/** POST /auth/login/2fa/: the ticket and a code finish a two-factor sign-in. */
export const loginTwoFactor = async (
  call: Call,
  input: { ticket: string } & ({ code: string } | { recovery_code: string }),
  signal?: AbortSignal,
): Promise<LoginResponse> =>
  call(
    (await import('../../contract/security.contract.ts')).securityEndpoints.loginTwoFactor,
    { body: input },
    signal,
  );

/** POST /auth/token/refresh/: refresh tokens rotate, so the old one is dead afterwards. */
export const refreshTokens = async (
  call: Call,
  input: RefreshRequest,
  signal?: AbortSignal,
): Promise<TokenPair> => call((await endpoints()).refresh, { body: input }, signal);

/** POST /auth/logout/: revokes the refresh token and clears the cookie. */
export const logout = async (call: Call, input: LogoutRequest, signal?: AbortSignal): Promise<void> =>
  call((await endpoints()).logout, { body: input }, signal);

/** GET /auth/user-status: the signed-in user, with current quota figures. */
export const fetchUserStatus = async (call: Call, signal?: AbortSignal): Promise<User> =>
  call((await endpoints()).userStatus, {}, signal);
