import type { FastifyPluginAsync } from 'fastify';
import { apiPaths } from '../../../contract/api-paths.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import {
  createThemeSchema,
  themeListSchema,
  themeSchema,
  updateThemeSchema,
} from '../../../contract/theme.contract.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { parseBody } from '../../lib/parse-body.ts';
import { requireRole } from '../../plugins/auth.plugin.ts';
import { activateTheme } from './activate-theme.ts';
import {
  deleteTheme,
  insertTheme,
  isThemeNameTaken,
  listThemes,
  toTheme,
  updateTheme,
} from './themes.repository.ts';

type ById = { Params: { id: string } };

/** The contract's path builders, turned into Fastify route patterns (`/control/theme/:id/`). */
const routePattern = (build: (id: string) => string) =>
  build(':id').replace(encodeURIComponent(':id'), ':id');

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
  const adminOnly = { preHandler: requireRole('admin') };
  const themePath = routePattern(apiPaths.theme);

  const readThemes = async () => themeListSchema.parse((await listThemes(db)).map(toTheme));
  // Two distinct paths (spec §7): the list, and the "active theme" query that reads the same array.
  app.get(apiPaths.themes, readThemes);
  app.get(apiPaths.activeTheme, readThemes);

  app.post(apiPaths.themes, adminOnly, async (request, reply) => {
    const input = parseBody(createThemeSchema, request);
    if (await isThemeNameTaken(db, input.name)) throw nameTaken();
    const row = await withUniqueName(() => insertTheme(db, input));
    return reply.code(201).send(themeSchema.parse(toTheme(row)));
  });

  app.patch<ById>(themePath, adminOnly, async (request) => {
    const patch = parseBody(updateThemeSchema, request);
    if (patch.name !== undefined && (await isThemeNameTaken(db, patch.name, request.params.id))) {
      throw nameTaken();
    }
    const row = await withUniqueName(() => updateTheme(db, request.params.id, patch));
    if (!row) throw notFound('Theme');
    return themeSchema.parse(toTheme(row));
  });

  app.delete<ById>(themePath, adminOnly, async (request, reply) => {
    if (!(await deleteTheme(db, request.params.id))) throw notFound('Theme');
    return reply.code(204).send();
  });

  app.post<ById>(routePattern(apiPaths.activateTheme), adminOnly, async (request) => {
    const row = await activateTheme(db, request.params.id);
    if (!row) throw notFound('Theme');
    return themeSchema.parse(toTheme(row));
  });
};

export default themeRoutes;
