import type { FastifyPluginAsync } from 'fastify';
import { v1DocumentEndpoints } from '../../../contract/api-reference.contract.ts';
import { v1Operations } from '../../../contract/api-v1.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { buildOpenApiDocument } from '../../lib/openapi.ts';

/** The v1 reference: built once when the app starts, from the same table that mounts v1. */
const apiV1Routes: FastifyPluginAsync = async (app) => {
  const document = buildOpenApiDocument(v1Operations, { publicUrl: app.appConfig.publicUrl });
  route(app, v1DocumentEndpoints.openapi, () => document);
};

export default apiV1Routes;
