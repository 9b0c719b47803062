import type { FastifyPluginAsync } from 'fastify';
import { securityEndpoints } from '../../../contract/security.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { validationFailed } from '../../lib/http-error.ts';
import { sessionCookie } from '../../lib/session-cookie.ts';
import { startSession } from '../auth/auth.service.ts';
import { toUser } from '../users/users.repository.ts';
import { clientOf } from './client.ts';
import { isTwoFactorRequired, revokeOwnSession, setTwoFactorRequired } from './security.repository.ts';
import { sendAccountNotice, type NoticeDeps } from './security-mail.ts';
import {
  completeTwoFactorLogin,
  disableTwoFactor,
  enableTwoFactor,
  listSessions,
  listSignIns,
  setupTwoFactor,
  twoFactorStatus,
  type SecurityDeps,
} from './security.service.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';

const NO_STORE = 'no-store';

/** Settings -> Security: two-factor sign-in, sessions, sign-in history, the admins' rule. */
const securityRoutes: FastifyPluginAsync = async (app) => {
  const deps: SecurityDeps = { db: app.db, config: app.appConfig, now: app.now };
  const authDeps = { ...deps, tokens: app.tokens };
  const notices: NoticeDeps = {
    db: app.db,
    mailer: app.systemMailer,
    publicUrl: app.appConfig.publicUrl,
    log: app.log,
  };
  const cookieMaxAge = app.appConfig.refreshTokenTtlDays * 86_400;

  route(app, securityEndpoints.twoFactorStatus, (request) => twoFactorStatus(deps, request.user!.id));

  route(app, securityEndpoints.setupTwoFactor, (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return setupTwoFactor(deps, request.user!.id);
  });

  route(app, securityEndpoints.enableTwoFactor, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const userId = request.user!.id;
    const answer = await enableTwoFactor(deps, userId, request.body.code, clientOf(request));
    // Sessions opened with the password alone (perhaps by whoever prompted this) end now: from
    // here on every session of the account has passed the second step. This one stays.
    await revokeUserSessions(deps.db, userId, deps.now(), request.sessionId ?? undefined);
    await sendAccountNotice(notices, userId, 'twoFactorEnabled', deps.now());
    return answer;
  });

  route(app, securityEndpoints.disableTwoFactor, async (request) => {
    const userId = request.user!.id;
    const status = await twoFactorStatus(deps, userId);
    await disableTwoFactor(deps, userId, request.body, clientOf(request));
    if (status.enabled) await sendAccountNotice(notices, userId, 'twoFactorDisabled', deps.now());
  });

  route(app, securityEndpoints.loginTwoFactor, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const client = clientOf(request);
    const user = await completeTwoFactorLogin(deps, request.body, client);
    const tokens = await startSession(authDeps, user, client);
    reply.header('set-cookie', sessionCookie(user.role, cookieMaxAge, request.protocol === 'https'));
    return { user: toUser(user), ...tokens };
  });

  route(app, securityEndpoints.sessions, async (request) => {
    const results = await listSessions(deps, request.user!.id, request.sessionId);
    return { count: results.length, results };
  });

  // Another user's session id is simply not found: the answer is the same 204 either way.
  route(app, securityEndpoints.endSession, async (request) => {
    await revokeOwnSession(deps.db, request.user!.id, request.params.id, deps.now().toISOString());
  });

  route(app, securityEndpoints.endOtherSessions, async (request) => ({
    ended: await revokeUserSessions(deps.db, request.user!.id, deps.now(), request.sessionId ?? undefined),
  }));

  route(app, securityEndpoints.signIns, async (request) => {
    const results = await listSignIns(deps, request.user!.id);
    return { count: results.length, results };
  });

  route(app, securityEndpoints.settings, async () => ({
    require_two_factor: await isTwoFactorRequired(deps.db),
  }));

  route(app, securityEndpoints.updateSettings, async (request) => {
    // An administrator without it would lock themselves out of everything but its set-up.
    const own = await twoFactorStatus(deps, request.user!.id);
    if (request.body.require_two_factor && !own.enabled) {
      throw validationFailed({ require_two_factor: validationKeys.ownTwoFactorFirst });
    }
    await setTwoFactorRequired(deps.db, request.body.require_two_factor, deps.now().toISOString());
    return { require_two_factor: request.body.require_two_factor };
  });
};

export default securityRoutes;
