import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { apiPaths } from '../../../contract/api-paths.ts';
import { errorCodes } from '../../../contract/errors.contract.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * GET /api/health: public, for load balancers and supervisors. 200 only while this process can
 * reach its database, so a balancer stops sending work to a process that cannot do it.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(apiPaths.health, { config: { public: true } }, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, errorCodes.unavailable, 'The database is unreachable');
    }
    return { status: 'ok', database: app.appConfig.databaseUrl ? 'postgres' : 'sqlite' };
  });
};

export default healthRoutes;
