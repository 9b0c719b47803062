import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../contract/auth.contract.ts';
import type { Access } from '../../contract/endpoint.ts';
import { API_PREFIX } from '../../contract/endpoint.ts';
import { forbidden, unauthorized } from '../lib/http-error.ts';
import { findSessionUser } from '../modules/auth/sessions.repository.ts';
import { toUser } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null on public routes called without a valid token. */
    user: User | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, as registered: the security tests walk this list. */
    apiRoutes: ReadonlyArray<{ method: string; url: string; access: Access }>;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must say (see `Access`). */
    access?: Access;
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

const isApiRoute = (url: string | undefined) => url?.startsWith(`${API_PREFIX}/`) ?? false;

/**
 * The one place the server decides who may call what. Each API route states its `access` in its
 * config (contract endpoints carry it); a route that forgets is refused when the app starts, so
 * no endpoint can ship open by accident.
 */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    const apiRoutes: { method: string; url: string; access: Access }[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (routeOptions) => {
      if (!isApiRoute(routeOptions.url) || routeOptions.method === 'HEAD') return;
      const access = routeOptions.config?.access;
      const method = String(routeOptions.method);
      if (access !== 'public' && access !== 'user' && access !== 'admin') {
        throw new Error(`${method} ${routeOptions.url} has no access rule (config.access)`);
      }
      apiRoutes.push({ method, url: routeOptions.url, access });
    });

    app.addHook('onRequest', async (request) => {
      // Matched by the route pattern, not the URL: unknown /api paths fall through to a plain 404.
      if (!isApiRoute(request.routeOptions.url)) return;
      const access = request.routeOptions.config.access;
      const auth = await authenticate(app, request);
      if (auth) {
        request.user = auth.user;
        request.sessionId = auth.sessionId;
      }
      if (access === 'public') return;
      if (!auth) throw unauthorized();
      if (access === 'admin' && auth.user.role !== 'admin') throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
