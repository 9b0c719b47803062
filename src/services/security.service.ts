import type { RecoveryCodes, SecuritySettings, TwoFactorSetup } from '../../contract/security.contract.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { securityEndpoints } from '../../contract/security.contract.ts';
import { toAppError } from '../lib/app-error.ts';
import type { SecurityOverview } from '../machines/security/security-overview.machine.ts';
import type { Call } from './http.ts';

export async function loadSecurityOverview(
  call: Call,
  isAdmin: boolean,
  signal?: AbortSignal,
): Promise<SecurityOverview> {
  const [status, sessions, signIns, settings] = await Promise.all([
    call(securityEndpoints.twoFactorStatus, {}, signal),
    call(securityEndpoints.sessions, {}, signal),
    call(securityEndpoints.signIns, {}, signal),
    // An administrator held here to set up two-step sign-in (another administrator requires it)
    // is refused the rule until then; the rest of the screen is what they need meanwhile.
    isAdmin
      ? call(securityEndpoints.settings, {}, signal).catch((error: unknown) => {
          if (toAppError(error).code === errorCodes.twoFactorSetupRequired) return null;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  return { status, sessions: sessions.results, signIns: signIns.results, settings };
}

export const setupTwoFactor = (call: Call): Promise<TwoFactorSetup> =>
  call(securityEndpoints.setupTwoFactor, {});

export const enableTwoFactor = (call: Call, code: string): Promise<RecoveryCodes> =>
  call(securityEndpoints.enableTwoFactor, { body: { code } });

export const disableTwoFactor = (call: Call, body: { password: string; code: string }): Promise<void> =>
  call(securityEndpoints.disableTwoFactor, { body });

export const endSession = (call: Call, id: string): Promise<void> =>
  call(securityEndpoints.endSession, { params: { id } });

export const endOtherSessions = (call: Call): Promise<{ ended: number }> =>
  call(securityEndpoints.endOtherSessions, {});

export const saveSecuritySettings = (call: Call, body: SecuritySettings): Promise<SecuritySettings> =>
  call(securityEndpoints.updateSettings, { body });
