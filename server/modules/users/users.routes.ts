import type { FastifyPluginAsync } from 'fastify';
import { offsetOf } from '../../../contract/list.contract.ts';
import { userEndpoints } from '../../../contract/users.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { sendAccountNotice } from '../security/security-mail.ts';
import { changeOwnPassword, updateProfile } from './profile.service.ts';
import { findUserById, listUsers, toUser } from './users.repository.ts';
import { createUser, deleteUserByAdmin, toAdminUser, updateUserByAdmin } from './users.service.ts';

/** Users: administrators manage everyone (spec §6); every user manages its own profile. */
const userRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, userEndpoints.list, async ({ query }) => {
    const ordering = query.ordering ?? '-created_at';
    const { count, rows } = await listUsers(
      db,
      { search: query.search, role: query.role, isActive: query.is_active },
      {
        offset: offsetOf(query),
        limit: query.page_size,
        orderBy: ordering.replace(/^-/, '') as 'username' | 'email' | 'created_at' | 'quota',
        descending: ordering.startsWith('-'),
      },
    );
    return { count, results: rows.map(toAdminUser) };
  });

  route(app, userEndpoints.create, (request) => createUser(db, request.body, request.user!.id));

  route(app, userEndpoints.remove, (request) => deleteUserByAdmin(db, request.user!, request.params.id));

  route(app, userEndpoints.get, async (request) => {
    const row = await findUserById(db, request.params.id);
    if (!row) throw notFound('User');
    return toAdminUser(row);
  });

  route(app, userEndpoints.update, (request) =>
    updateUserByAdmin(db, request.user!, request.params.id, request.body),
  );

  route(app, userEndpoints.profile, async (request) => {
    const row = await findUserById(db, request.user!.id);
    if (!row) throw notFound('User');
    return toUser(row);
  });

  route(app, userEndpoints.updateProfile, (request) => updateProfile(db, request.user!.id, request.body));

  route(app, userEndpoints.changePassword, async (request) => {
    await changeOwnPassword(db, request.user!.id, request.sessionId, request.body);
    await sendAccountNotice(
      { db, mailer: app.systemMailer, publicUrl: app.appConfig.publicUrl, log: app.log },
      request.user!.id,
      'passwordChanged',
      app.now(),
    );
  });
};

export default userRoutes;
