import type { FastifyPluginAsync } from 'fastify';
import { contactEndpoints } from '../../../contract/contact.contract.ts';
import { offsetOf } from '../../../contract/list.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { enforceLimits } from '../../lib/rate-limit.ts';
import { notifyAdmins } from './contact.service.ts';
import * as messages from './contact.repository.ts';

/** The landing page's contact form, and the administrators' inbox of what it received. */
const contactRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, contactEndpoints.send, async (request) => {
    const body = request.body;
    await enforceLimits(db, [
      { key: `contact:ip:${request.ip}`, max: 5, windowSeconds: 60 * 60 },
      { key: `contact:email:${body.email.toLowerCase()}`, max: 3, windowSeconds: 60 * 60 },
    ]);
    const row = { ...body, id: crypto.randomUUID(), read_at: null, created_at: new Date().toISOString() };
    // Stored before anything is mailed: the message is kept even when mail is down.
    await messages.insertContactMessage(db, row);
    await notifyAdmins(app, row);
    return { id: row.id };
  });

  route(app, contactEndpoints.list, async ({ query }) => {
    const { count, rows } = await messages.listContactMessages(db, {
      unread: query.unread,
      search: query.search ?? '',
      offset: offsetOf(query),
      limit: query.page_size,
      descending: query.ordering !== 'created_at',
    });
    return { count, results: rows.map(messages.toContactMessage) };
  });

  route(app, contactEndpoints.markRead, async ({ params, body }) => {
    const row = await messages.setContactMessageRead(
      db,
      params.id,
      body.read ? new Date().toISOString() : null,
    );
    if (!row) throw notFound('Message');
    return messages.toContactMessage(row);
  });

  route(app, contactEndpoints.remove, async ({ params }) => {
    if (!(await messages.deleteContactMessage(db, params.id))) throw notFound('Message');
  });
};

export default contactRoutes;
