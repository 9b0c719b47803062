import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role, User } from '../../contract/auth.contract.ts';
import { API_PREFIX } from '../../contract/api-paths.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { findSessionUser } from '../routes/auth/sessions.repository.ts';
import { toUser } from '../routes/auth/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null on public routes called without a valid token. */
    user: User | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Routes under /api require a bearer token unless they say `public: true`. */
    public?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The token alone is not enough: the session must still be open and the user still active, so a
 * sign-out, a detected refresh-token theft or a disabled account ends access at once, not when
 * the access token expires. Session and user come back in one query.
 */
async function authenticate(app: FastifyInstance, request: FastifyRequest) {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return null;
  const claims = await app.tokens.verifyAccessToken(token);
  if (!claims) return null;
  const row = await findSessionUser(app.db, claims.sessionId, claims.userId);
  if (!row || row.revoked_at !== null || row.is_active !== 1) return null;
  // The role comes from the database, not the token: a changed role applies to the next request.
  return { user: toUser(row), sessionId: claims.sessionId };
}

export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRequest', async (request) => {
      // Matched by the route pattern, not the URL: unknown /api paths fall through to a plain 404.
      if (!request.routeOptions.url?.startsWith(`${API_PREFIX}/`)) return;
      const auth = await authenticate(app, request);
      if (auth) {
        request.user = auth.user;
        request.sessionId = auth.sessionId;
      } else if (request.routeOptions.config.public !== true) {
        throw unauthorized();
      }
    });
  },
  { name: 'auth', dependencies: ['services'] },
);

/** preHandler for routes only some roles may call. */
export function requireRole(role: Role): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.user) throw unauthorized();
    if (request.user.role !== role) throw forbidden();
  };
}
