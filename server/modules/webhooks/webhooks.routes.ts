import type { FastifyPluginAsync } from 'fastify';
import { webhookEndpoints } from '../../../contract/webhooks.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { startWebhookDelivery } from './delivery.ts';
import * as webhooks from './webhooks.service.ts';

/** Event webhook endpoints and their delivery logs; the delivery loop runs with the app. */
const webhookRoutes: FastifyPluginAsync = async (app) => {
  const config = app.appConfig.webhooks;
  const deps = { db: app.db, now: app.now, allowPrivate: config.allowPrivate };

  route(app, webhookEndpoints.list, (request) => webhooks.listWebhooks(deps, request.user!, request.query));
  route(app, webhookEndpoints.create, (request) => webhooks.createWebhook(deps, request.user!, request.body));
  route(app, webhookEndpoints.get, (request) => webhooks.getWebhook(deps, request.user!, request.params.id));
  route(app, webhookEndpoints.update, (request) =>
    webhooks.updateWebhook(deps, request.user!, request.params.id, request.body),
  );
  route(app, webhookEndpoints.remove, (request) =>
    webhooks.removeWebhook(deps, request.user!, request.params.id),
  );
  route(app, webhookEndpoints.deliveries, (request) =>
    webhooks.listDeliveries(deps, request.user!, request.params.id, request.query),
  );
  route(app, webhookEndpoints.replay, (request) =>
    webhooks.replayDelivery(deps, request.user!, request.params.id, request.params.delivery),
  );

  if (config.delivery) {
    let loop: ReturnType<typeof startWebhookDelivery> | null = null;
    app.addHook('onReady', async () => {
      loop = startWebhookDelivery({
        db: app.db,
        config,
        now: app.now,
        log: app.log,
        systemMailer: app.systemMailer,
        publicUrl: app.appConfig.publicUrl,
      });
      app.log.info('webhook delivery started');
    });
    app.addHook('onClose', async () => {
      await loop?.stop();
    });
  }
};

export default webhookRoutes;
