import type { FastifyPluginAsync } from 'fastify';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { themeEndpoints } from '../../../contract/theme.contract.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { route } from '../../lib/endpoint.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import {
  deleteTheme,
  insertTheme,
  isThemeNameTaken,
  listThemes,
  toTheme,
  updateTheme,
} from './themes.repository.ts';
import { activateTheme } from './themes.service.ts';

const nameTaken = () => conflict({ name: validationKeys.nameTaken }, 'A theme with this name exists');

/** The check gives the usual answer; the catch covers two requests racing past the check. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Themes: every signed-in user reads them (the dashboard applies the active one); admins edit. */
const themeRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const readThemes = async () => (await listThemes(db)).map(toTheme);

  route(app, themeEndpoints.list, readThemes);
  route(app, themeEndpoints.active, readThemes);

  route(app, themeEndpoints.create, async (request) => {
    if (await isThemeNameTaken(db, request.body.name)) throw nameTaken();
    return toTheme(await withUniqueName(() => insertTheme(db, request.body)));
  });

  route(app, themeEndpoints.update, async (request) => {
    const { params, body: patch } = request;
    if (patch.name !== undefined && (await isThemeNameTaken(db, patch.name, params.id))) throw nameTaken();
    const row = await withUniqueName(() => updateTheme(db, params.id, patch));
    if (!row) throw notFound('Theme');
    return toTheme(row);
  });

  route(app, themeEndpoints.remove, async (request) => {
    if (!(await deleteTheme(db, request.params.id))) throw notFound('Theme');
  });

  route(app, themeEndpoints.activate, async (request) => {
    const row = await activateTheme(db, request.params.id);
    if (!row) throw notFound('Theme');
    return toTheme(row);
  });
};

export default themeRoutes;
