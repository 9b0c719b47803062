import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints } from '../../../contract/auth.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { clearedSessionCookie, sessionCookie } from '../../lib/session-cookie.ts';
import { toUser } from '../users/users.repository.ts';
import { clientOf } from '../security/client.ts';
import { refreshTokens, signIn, signOut, type AuthDeps } from './auth.service.ts';

// Answers carrying tokens must never sit in a browser or proxy cache (shared machines, CDNs).
const NO_STORE = 'no-store';

/** Sign-in, token refresh, sign-out and the current user. Mounted under /api. */
const authRoutes: FastifyPluginAsync = async (app) => {
  const deps: AuthDeps = { db: app.db, config: app.appConfig, tokens: app.tokens, now: app.now };
  const cookieMaxAge = app.appConfig.refreshTokenTtlDays * 86_400;

  route(app, authEndpoints.login, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const result = await signIn(deps, request.body, clientOf(request));
    // Two-factor sign-in: no tokens and no routing cookie until the code is right.
    if ('ticket' in result) return { two_factor_required: true as const, ticket: result.ticket };
    const { user, access, refresh } = result;
    reply.header('set-cookie', sessionCookie(user.role, cookieMaxAge, request.protocol === 'https'));
    return { user: toUser(user), access, refresh };
  });

  route(app, authEndpoints.refresh, (request, reply) => {
    reply.header('cache-control', NO_STORE);
    return refreshTokens(deps, request.body.refresh);
  });

  // Either credential names the session. Without one it only clears the routing cookie.
  route(app, authEndpoints.logout, async (request, reply) => {
    await signOut(deps, { sessionId: request.sessionId ?? undefined, refreshToken: request.body.refresh });
    reply.header('set-cookie', clearedSessionCookie(request.protocol === 'https'));
  });

  route(app, authEndpoints.userStatus, (request) => {
    if (!request.user) throw unauthorized();
    return request.user;
  });
};

export default authRoutes;
