import type { FastifyPluginAsync } from 'fastify';
import { templateEndpoints } from '../../../contract/templates.contract.ts';
import { route } from '../../lib/endpoint.ts';
import * as templates from './templates.service.ts';

/** E-mail templates (`email_forms/`): each sender's own; administrators read everyone's. */
const templateRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.db, now: app.now };

  route(app, templateEndpoints.list, (request) =>
    templates.listTemplates(deps, request.user!, request.query),
  );
  route(app, templateEndpoints.create, (request) =>
    templates.createTemplate(deps, request.user!, request.body),
  );
  route(app, templateEndpoints.get, (request) =>
    templates.getTemplate(deps, request.user!, request.params.id),
  );
  route(app, templateEndpoints.update, (request) =>
    templates.updateTemplate(deps, request.user!, request.params.id, request.body),
  );
  route(app, templateEndpoints.remove, (request) =>
    templates.removeTemplate(deps, request.user!, request.params.id),
  );
};

export default templateRoutes;
