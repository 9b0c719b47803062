import type { FastifyPluginAsync } from 'fastify';
import { passwordResetEndpoints } from '../../../contract/password-reset.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { sendAccountNotice } from '../security/security-mail.ts';
import { checkResetLink, requestReset, resetPassword, type ResetDeps } from './password-reset.service.ts';

/** Forgot password -> e-mailed link -> new password (spec §2 auth routes, §4 Password reset). */
const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  const deps: ResetDeps = {
    db: app.db,
    mailer: app.systemMailer,
    publicUrl: app.appConfig.publicUrl,
    log: app.log,
    now: app.now,
  };

  route(app, passwordResetEndpoints.forgot, async (request) => {
    await requestReset(deps, { ...request.body, ip: request.ip });
    return { sent: true as const };
  });

  route(app, passwordResetEndpoints.check, async (request) => {
    await checkResetLink(deps, request.params.token);
    return { valid: true as const };
  });

  route(app, passwordResetEndpoints.reset, async (request) => {
    const { userId, now } = await resetPassword(deps, request.body);
    await sendAccountNotice(deps, userId, 'passwordChanged', now);
  });
};

export default passwordResetRoutes;
