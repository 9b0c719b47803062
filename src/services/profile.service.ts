import type { User } from '../../contract/auth.contract.ts';
import { userEndpoints } from '../../contract/users.contract.ts';
import type { PasswordChange, ProfileChanges } from '../machines/profile/profile-checks.ts';
import type { Call } from './http.ts';

export type { PasswordChange, ProfileChanges };

/** PATCH /auth/profile/: the signed-in user's own details; a new e-mail needs the password. */
export const updateProfile = (call: Call, body: ProfileChanges, signal?: AbortSignal): Promise<User> =>
  call(userEndpoints.updateProfile, { body }, signal);

/** POST /auth/profile/password/: the server ends every other session of the user. */
export const changePassword = (call: Call, body: PasswordChange, signal?: AbortSignal): Promise<void> =>
  call(userEndpoints.changePassword, { body }, signal);
