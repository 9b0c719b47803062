import type { FastifyPluginAsync } from 'fastify';
import { IMPORT_BODY_LIMIT, recipientEndpoints as endpoints } from '../../../contract/recipients.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { readableGroup, readableList, writableGroup, writableList } from './access.ts';
import { exportList } from './export.service.ts';
import { deleteGroup, pageGroups, readGroupView, saveGroup } from './groups.repository.ts';
import { importChunk } from './import.service.ts';
import { deleteList, insertList, pageLists, readListView, renameList } from './lists.repository.ts';
import { pageRecipients, toRecipient } from './recipients.repository.ts';
import {
  createRecipient,
  readableRecipient,
  removeRecipient,
  updateRecipient,
} from './recipients.service.ts';
import { sendDownload } from '../../lib/download.ts';

/**
 * Recipient lists, their recipients and groups of lists (spec §3, §7). Every call is scoped to the
 * signed-in user's own rows; administrators may read everyone's (see access.ts).
 */
const recipientRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const actor = (request: { user: { id: string; role: 'admin' | 'sender' } | null }) => request.user!;

  route(app, endpoints.lists, (request) => pageLists(db, actor(request), request.query));
  route(app, endpoints.createList, (request) =>
    insertList(db, actor(request).id, request.body.name, app.now()),
  );
  route(app, endpoints.getList, async (request) => {
    const list = await readableList(db, actor(request), request.params.id);
    return readListView(db, list.id);
  });
  route(app, endpoints.updateList, async (request) => {
    const list = await writableList(db, actor(request), request.params.id);
    return renameList(db, list.id, request.body.name, app.now());
  });
  route(app, endpoints.removeList, async (request) => {
    await deleteList(db, (await writableList(db, actor(request), request.params.id)).id);
  });

  route(
    app,
    endpoints.importChunk,
    async (request) => {
      const list = await writableList(db, actor(request), request.params.id);
      return importChunk(db, list, request.body.rows, app.now());
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );

  route(app, endpoints.exportList, async (request, reply) => {
    const list = await readableList(db, actor(request), request.params.id);
    const file = await exportList(db, list, request.query.format);
    return sendDownload(reply, file);
  });

  route(app, endpoints.recipients, async (request) => {
    const list = await readableList(db, actor(request), request.query.list);
    return pageRecipients(db, list, request.query);
  });
  route(app, endpoints.createRecipient, (request) =>
    createRecipient(db, actor(request), request.body, app.now()),
  );
  route(app, endpoints.getRecipient, async (request) =>
    toRecipient(await readableRecipient(db, actor(request), request.params.id)),
  );
  route(app, endpoints.updateRecipient, (request) =>
    updateRecipient(db, actor(request), request.params.id, request.body, app.now()),
  );
  route(app, endpoints.removeRecipient, (request) =>
    removeRecipient(db, actor(request), request.params.id, app.now()),
  );

  route(app, endpoints.groups, (request) => pageGroups(db, actor(request), request.query));
  route(app, endpoints.createGroup, (request) => saveGroup(db, actor(request).id, request.body, app.now()));
  route(app, endpoints.getGroup, async (request) =>
    readGroupView(db, (await readableGroup(db, actor(request), request.params.id)).id),
  );
  route(app, endpoints.updateGroup, async (request) => {
    const group = await writableGroup(db, actor(request), request.params.id);
    return saveGroup(db, group.owner_id, { id: group.id, ...request.body }, app.now());
  });
  route(app, endpoints.removeGroup, async (request) => {
    await deleteGroup(db, (await writableGroup(db, actor(request), request.params.id)).id);
  });
};

export default recipientRoutes;
