import type { FastifyPluginAsync } from 'fastify';
import { senderEndpoints } from '../../../contract/senders.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { createTxtLookup } from './domain-check.ts';
import * as repo from './senders.repository.ts';
import * as senders from './senders.service.ts';

export type SendersRoutesOptions = { lookup?: senders.SendersDeps['lookup'] };

/** Administrators set each user's sender domains (with DKIM), addresses and names. */
const senderRoutes: FastifyPluginAsync<SendersRoutesOptions> = async (app, options) => {
  const deps: senders.SendersDeps = {
    db: app.db,
    lookup: options.lookup ?? createTxtLookup(app.appConfig.dnsServers),
    spfRecord: app.appConfig.spfRecord,
  };
  const gone = (removed: boolean, what: string) => {
    if (!removed) throw notFound(what);
  };

  route(app, senderEndpoints.list, (request) => senders.listIdentities(deps, request.params.id));
  route(app, senderEndpoints.addDomain, (request) =>
    senders.addDomain(deps, request.params.id, request.body.domain),
  );
  route(app, senderEndpoints.checkDomain, (request) =>
    senders.checkDomain(deps, request.params.id, request.params.itemId),
  );
  route(app, senderEndpoints.removeDomain, async ({ params }) =>
    gone(await repo.deleteDomain(app.db, params.id, params.itemId), 'Domain'),
  );
  route(app, senderEndpoints.addEmail, (request) =>
    senders.addSenderEmail(deps, request.params.id, request.body.email),
  );
  route(app, senderEndpoints.removeEmail, async ({ params }) =>
    gone(await repo.deleteEmail(app.db, params.id, params.itemId), 'Sender e-mail'),
  );
  route(app, senderEndpoints.addName, (request) =>
    senders.addSenderName(deps, request.params.id, request.body.name),
  );
  route(app, senderEndpoints.removeName, async ({ params }) =>
    gone(await repo.deleteName(app.db, params.id, params.itemId), 'Sender name'),
  );
};

export default senderRoutes;
