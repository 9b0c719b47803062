import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../../contract/api-paths.ts';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  tokenPairSchema,
  userSchema,
} from '../../../contract/auth.contract.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { parseBody } from '../../lib/parse-body.ts';
import { clearedSessionCookie, sessionCookie } from '../../lib/session-cookie.ts';
import { refreshTokens, signIn, signOut, type AuthDeps } from './auth.service.ts';
import { toUser } from './users.repository.ts';

/** Sign-in, token refresh, sign-out and the current user. Mounted under /api. */
const authRoutes: FastifyPluginAsync = async (app) => {
  const deps: AuthDeps = { db: app.db, config: app.appConfig, tokens: app.tokens };
  const cookieMaxAge = app.appConfig.refreshTokenTtlDays * 86_400;

  app.post(apiPaths.login, { config: { public: true } }, async (request, reply) => {
    const credentials = parseBody(loginRequestSchema, request);
    const { user, access, refresh } = await signIn(deps, credentials, request.ip);
    reply.header('set-cookie', sessionCookie(user.role, cookieMaxAge, request.protocol === 'https'));
    return loginResponseSchema.parse({ user: toUser(user), access, refresh });
  });

  app.post(apiPaths.refresh, { config: { public: true } }, async (request) => {
    const { refresh } = parseBody(refreshRequestSchema, request);
    return tokenPairSchema.parse(await refreshTokens(deps, refresh));
  });

  // Public so that a user whose access token has expired can still end the session: either
  // credential names it. Without one it only clears the routing cookie.
  app.post(apiPaths.logout, { config: { public: true } }, async (request, reply) => {
    const { refresh } = parseBody(logoutRequestSchema, request);
    await signOut(deps, { sessionId: request.sessionId ?? undefined, refreshToken: refresh });
    reply.header('set-cookie', clearedSessionCookie(request.protocol === 'https'));
    return reply.code(204).send();
  });

  app.get(apiPaths.userStatus, async (request) => {
    if (!request.user) throw unauthorized();
    return userSchema.parse(request.user);
  });
};

export default authRoutes;
