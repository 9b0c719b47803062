import type { FastifyPluginAsync } from 'fastify';
import { creditEndpoints } from '../../../contract/credits.contract.ts';
import { validationKeys } from '../../../contract/errors.contract.ts';
import { offsetOf } from '../../../contract/list.contract.ts';
import { route } from '../../lib/endpoint.ts';
import { sendDownload } from '../../lib/download.ts';
import { forbidden, notFound, validationFailed } from '../../lib/http-error.ts';
import type { User } from '../../../contract/auth.contract.ts';
import { findUserById } from '../users/users.repository.ts';
import { toAdminUser } from '../users/users.service.ts';
import { listLedger } from './credits.repository.ts';
import { grantCredits, InsufficientCreditError } from './ledger.ts';
import { exportStatement } from './statement-export.service.ts';
import { listStatement, summarizeStatement, type StatementFilter } from './statement.repository.ts';

const pageOf = (query: { page: number; page_size: number; ordering?: string | undefined }) => {
  const ordering = query.ordering ?? '-created_at';
  return {
    offset: offsetOf(query),
    limit: query.page_size,
    orderBy: ordering.replace(/^-/, '') as 'created_at' | 'amount',
    descending: ordering.startsWith('-'),
  };
};

type StatementQuery = {
  user?: string | undefined;
  kind?: StatementFilter['kind'];
  type?: StatementFilter['type'];
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
};

/**
 * Whose statement a request reads: the caller's own, or with `?user=` another user's, which only
 * an administrator may read (a sender asking for someone else's gets 403, not its own).
 */
function statementFilter(viewer: User, query: StatementQuery): StatementFilter {
  const userId = query.user ?? viewer.id;
  if (userId !== viewer.id && viewer.role !== 'admin') throw forbidden();
  return { userId, kind: query.kind, type: query.type, from: query.from, to: query.to, search: query.search };
}

/** Top-ups and corrections by administrators, the balance log, and each user's own statement. */
const creditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, creditEndpoints.addQuota, async (request) => {
    const { id } = request.params;
    if (!(await findUserById(db, id))) throw notFound('User');
    try {
      // The balance change and its ledger row commit together or not at all.
      await db.transaction().execute((trx) =>
        grantCredits(trx, {
          userId: id,
          amount: request.body.amount,
          reason: request.body.reason,
          createdBy: request.user!.id,
          now: app.now().toISOString(),
        }),
      );
    } catch (error) {
      if (error instanceof InsufficientCreditError)
        throw validationFailed({ amount: validationKeys.belowZero });
      throw error;
    }
    return toAdminUser((await findUserById(db, id))!);
  });

  route(app, creditEndpoints.balanceLog, ({ query }) =>
    listLedger(
      db,
      { userId: query.user, kind: query.kind, from: query.from, to: query.to, search: query.search },
      pageOf(query),
    ),
  );

  route(app, creditEndpoints.statement, (request) =>
    listStatement(db, statementFilter(request.user!, request.query), pageOf(request.query)),
  );

  route(app, creditEndpoints.statementSummary, (request) =>
    summarizeStatement(db, statementFilter(request.user!, request.query)),
  );

  route(app, creditEndpoints.statementExport, async (request, reply) => {
    const { format, language } = request.query;
    const file = await exportStatement(db, statementFilter(request.user!, request.query), {
      format,
      language,
    });
    return sendDownload(reply, file);
  });
};

export default creditRoutes;
