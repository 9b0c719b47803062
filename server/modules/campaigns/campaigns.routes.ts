import type { FastifyPluginAsync } from 'fastify';
import { sendEndpoints } from '../../../contract/send.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { creditAlertAfterSend } from '../payments/credit-alert.ts';
import { allowedFromAddresses } from '../senders/senders.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { sendTest } from './test-send.ts';
import {
  acceptSend,
  campaignState,
  cancelCampaign,
  changeCampaign,
  checkSend,
  ownCampaign,
} from './campaigns.service.ts';

// An Excel sheet of 100k rows arrives in the body; everything else stays under the app's 1 MB.
const SEND_BODY_LIMIT = 64 * 1024 * 1024;

/** Accepting sends and steering campaigns (issue 9); the dispatcher does the sending. */
const campaignRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(
    app,
    sendEndpoints.create,
    async (request) => {
      const accepted = await acceptSend(db, request.user!, request.body, app.now(), app.sendQueue);
      await creditAlertAfterSend(app, request.user!.id, accepted.id);
      return accepted;
    },
    { bodyLimit: SEND_BODY_LIMIT },
  );

  route(
    app,
    sendEndpoints.test,
    (request) => {
      const { dataDir, publicUrl, bounceDomain } = app.appConfig;
      const deps = {
        db,
        now: app.now(),
        transport: () => app.mailRelay.transport(),
        dataDir,
        publicUrl,
        bounceDomain,
      };
      return sendTest(deps, request.user!, request.body);
    },
    { bodyLimit: SEND_BODY_LIMIT },
  );

  route(app, sendEndpoints.check, (request) => checkSend(db, request.user!, request.body, app.now()), {
    bodyLimit: SEND_BODY_LIMIT,
  });

  route(app, sendEndpoints.senderEmails, async (request) => {
    const user = await findUserById(db, request.user!.id);
    if (!user) throw notFound('User');
    return { emails: await allowedFromAddresses(db, user) };
  });

  route(app, sendEndpoints.get, async (request) =>
    campaignState(db, await ownCampaign(db, request.user!, request.params.id)),
  );

  route(app, sendEndpoints.pause, (request) =>
    changeCampaign(db, request.user!, request.params.id, 'pause', app.now()),
  );
  route(app, sendEndpoints.resume, (request) =>
    changeCampaign(db, request.user!, request.params.id, 'resume', app.now(), app.sendQueue),
  );
  route(app, sendEndpoints.cancel, (request) =>
    cancelCampaign(db, request.user!, request.params.id, app.now()),
  );
};

export default campaignRoutes;
