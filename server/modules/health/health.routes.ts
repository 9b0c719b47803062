import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { errorCodes } from '../../../contract/errors.contract.ts';
import { healthEndpoints } from '../../../contract/health.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { HttpError } from '../../lib/http-error.ts';

/**
 * GET /api/health: public, for load balancers and supervisors. 200 only while this process can
 * reach its database, so a balancer stops sending work to a process that cannot do it.
 */
const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, healthEndpoints.check, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, errorCodes.unavailable, 'The database is unreachable');
    }
    return {
      status: 'ok' as const,
      database: app.appConfig.databaseUrl ? ('postgres' as const) : ('sqlite' as const),
    };
  });
};

export default healthRoutes;
