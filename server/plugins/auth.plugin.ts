import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiScope } from '../../contract/api-keys.contract.ts';
import { API_V1_PREFIX } from '../../contract/api-v1.contract.ts';
import type { User } from '../../contract/auth.contract.ts';
import type { Access } from '../../contract/endpoint.ts';
import { API_PREFIX } from '../../contract/endpoint.ts';
import { errorCodes } from '../../contract/errors.contract.ts';
import { forbidden, HttpError, unauthorized } from '../lib/http-error.ts';
import { authenticateApiKey } from '../modules/api-keys/api-keys.service.ts';
import { findSessionUser } from '../modules/auth/sessions.repository.ts';
import { isTwoFactorRequired } from '../modules/security/security.repository.ts';
import { toUser } from '../modules/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null on public routes called without a valid token. */
    user: User | null;
    sessionId: string | null;
    /** On /api/v1 routes: the API key the request came with. */
    apiKey: { id: string; scopes: ApiScope[] } | null;
  }
  interface FastifyInstance {
    /** Every API route with its access rule, as registered: the security tests walk this list. */
    apiRoutes: ReadonlyArray<{ method: string; url: string; access: Access }>;
    /** The HTTP v1 mount (API keys, not sessions), each route with the scope it needs. */
    v1Routes: ReadonlyArray<{ method: string; url: string; access: Access; scope: ApiScope | null }>;
  }
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must say (see `Access`). */
    access?: Access;
    /** On /api/v1 routes: the scope an API key needs (server/lib/endpoint.ts sets it). */
    apiScope?: ApiScope;
    /** On /api/v1 routes: the same route spelt with the final slash toggled (not listed apart). */
    v1Alias?: boolean;
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
  return { user: toUser(row), sessionId: claims.sessionId, hasTwoFactor: row.two_factor_secret !== null };
}

const isApiRoute = (url: string | undefined) => url?.startsWith(`${API_PREFIX}/`) ?? false;

/**
 * What an account may still do while an administrator requires two-factor sign-in and it has
 * none: set it up, and what the way there needs (who am I, the theme, sign out, sessions).
 */
const OPEN_WITHOUT_TWO_FACTOR = [
  /^\/api\/auth\/(2fa|sessions|sign-ins|logout|user-status|token)\b/,
  /^\/api\/auth\/profile\/$/,
  /^\/api\/control\/theme\/?$/,
];
const needsTwoFactorFirst = (url: string | undefined) =>
  !OPEN_WITHOUT_TWO_FACTOR.some((pattern) => pattern.test(url ?? ''));

const twoFactorSetupRequired = () =>
  new HttpError(
    403,
    errorCodes.twoFactorSetupRequired,
    'Set up two-factor sign-in first: your administrator requires it',
  );
export const isV1Route = (url: string | undefined) => url?.startsWith(`${API_V1_PREFIX}/`) ?? false;

export const missingScope = (scope: ApiScope) =>
  new HttpError(
    403,
    errorCodes.missingScope,
    `This API key does not have the "${scope}" scope`,
    undefined,
    undefined,
    {
      scope,
    },
  );

/**
 * HTTP v1 answers to API keys only (`Authorization: Bearer eln_...`), never to a session's token:
 * a key carries scopes, and every v1 route needs one of them.
 */
async function authorizeV1(app: FastifyInstance, request: FastifyRequest, access: Access | undefined) {
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const auth = token ? await authenticateApiKey(app.db, token, app.now()) : null;
  if (auth) {
    request.user = auth.user;
    request.apiKey = { id: auth.keyId, scopes: auth.scopes };
  }
  if (access === 'public') return;
  if (!auth) throw unauthorized('A valid API key is required (Authorization: Bearer eln_...)');
  // A key acts as its owner: while two-step sign-in is required of them and not set up, the
  // owner cannot sign in either, so neither does the key (401, saying why) until it is.
  if (!auth.hasTwoFactor && (await isTwoFactorRequired(app.db))) {
    throw new HttpError(
      401,
      errorCodes.apiKeyNeedsTwoFactor,
      'This API key is paused until its owner sets up two-step sign-in, which the administrator requires',
    );
  }
  if (access === 'admin' && auth.user.role !== 'admin') throw forbidden();
  const scope = request.routeOptions.config.apiScope;
  if (!scope || !auth.scopes.includes(scope)) throw missingScope(scope ?? 'send');
}

/**
 * The one place the server decides who may call what. Each API route states its `access` in its
 * config (contract endpoints carry it); a route that forgets is refused when the app starts, so
 * no endpoint can ship open by accident.
 */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('apiKey', null);

    const apiRoutes: { method: string; url: string; access: Access }[] = [];
    app.decorate('apiRoutes', apiRoutes);
    const v1Routes: { method: string; url: string; access: Access; scope: ApiScope | null }[] = [];
    app.decorate('v1Routes', v1Routes);
    app.addHook('onRoute', (routeOptions) => {
      if (!isApiRoute(routeOptions.url) || routeOptions.method === 'HEAD') return;
      const access = routeOptions.config?.access;
      const method = String(routeOptions.method);
      if (access !== 'public' && access !== 'user' && access !== 'admin') {
        throw new Error(`${method} ${routeOptions.url} has no access rule (config.access)`);
      }
      if (isV1Route(routeOptions.url)) {
        if (routeOptions.config?.v1Alias) return;
        const scope = routeOptions.config?.apiScope ?? null;
        if (access !== 'public' && !scope) throw new Error(`${method} ${routeOptions.url} has no API scope`);
        v1Routes.push({ method, url: routeOptions.url, access, scope });
        return;
      }
      apiRoutes.push({ method, url: routeOptions.url, access });
    });

    app.addHook('onRequest', async (request) => {
      // Matched by the route pattern, not the URL: unknown /api paths fall through to a plain 404.
      if (!isApiRoute(request.routeOptions.url)) return;
      const access = request.routeOptions.config.access;
      if (isV1Route(request.routeOptions.url)) return authorizeV1(app, request, access);
      const auth = await authenticate(app, request);
      if (auth) {
        request.user = auth.user;
        request.sessionId = auth.sessionId;
      }
      if (access === 'public') return;
      if (!auth) throw unauthorized();
      if (access === 'admin' && auth.user.role !== 'admin') throw forbidden();
      if (
        !auth.hasTwoFactor &&
        needsTwoFactorFirst(request.routeOptions.url) &&
        (await isTwoFactorRequired(app.db))
      ) {
        throw twoFactorSetupRequired();
      }
    });
  },
  { name: 'auth', dependencies: ['services'] },
);
