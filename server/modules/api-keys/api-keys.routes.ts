import type { FastifyPluginAsync } from 'fastify';
import { apiKeyEndpoints } from '../../../contract/api-keys.contract.ts';
import { route } from '../../lib/endpoint.ts';
import * as keys from './api-keys.service.ts';

/** API keys (`/api/keys/`): dashboard only, never reachable with a key itself. */
const apiKeyRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, now: app.now };
  route(app, apiKeyEndpoints.list, (request) => keys.listApiKeys(deps, request.user!, request.query));
  route(app, apiKeyEndpoints.create, (request) => keys.createApiKey(deps, request.user!, request.body));
  route(app, apiKeyEndpoints.revoke, (request) => keys.revokeApiKey(deps, request.user!, request.params.id));
};

export default apiKeyRoutes;
