import type { FastifyPluginAsync } from 'fastify';
import type { User } from '../../../contract/auth.contract.ts';
import { emailKey } from '../../../contract/email.contract.ts';
import { offsetOf } from '../../../contract/list.contract.ts';
import {
  RELEASABLE_REASONS,
  suppressionEndpoints,
  type InboundReport,
  type Suppression,
} from '../../../contract/suppressions.contract.ts';
import { pageInboundReports } from '../../mail/feedback/inbound-reports.repository.ts';
import { sendDownload } from '../../lib/download.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { exportSuppressions } from './suppressions-export.service.ts';
import * as repo from './suppressions.repository.ts';

/** Rows that apply to every sender are stored under this scope. */
const EVERYONE = '*';

/** A sender's own list; administrators see everyone's. */
const scopeOf = (user: User) => (user.role === 'admin' ? undefined : user.id);

export function toSuppression(row: repo.SuppressionRow): Suppression {
  const everyone = row.scope === EVERYONE;
  return {
    id: row.id,
    email: row.email_key,
    reason: row.reason,
    user_id: everyone ? null : row.scope,
    username: everyone ? null : row.username,
    campaign_id: row.campaign_id,
    campaign_subject: row.campaign_subject,
    bounce_reason: row.bounce_reason,
    created_at: row.created_at,
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The suppression list (issue 16) and, for administrators, the reports nobody could match. */
const suppressionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, suppressionEndpoints.list, async (request) => {
    const { query } = request;
    const { count, rows } = await repo.listSuppressions(
      db,
      {
        scope: scopeOf(request.user!),
        search: query.search,
        reason: query.reason,
        bounceReason: query.bounce_reason,
        campaignId: query.campaign_id,
      },
      { offset: offsetOf(query), limit: query.page_size, ordering: query.ordering ?? '-created_at' },
    );
    return { count, results: rows.map(toSuppression) };
  });

  route(app, suppressionEndpoints.add, async (request) => {
    const added = await repo.addManual(
      db,
      request.user!.id,
      request.body.emails.map(emailKey),
      app.now().toISOString(),
    );
    return { added };
  });

  // A sender releases only its own rows (an administrator anyone's), and only bounces: an
  // unsubscribe or a complaint is the person's own word and is lifted one by one, if ever.
  route(app, suppressionEndpoints.release, async (request) => {
    const { body } = request;
    const released = await repo.releaseSuppressions(db, {
      scope: scopeOf(request.user!),
      search: body.search,
      reason: body.reason,
      reasons: RELEASABLE_REASONS,
      bounceReason: body.bounce_reason,
      campaignId: body.campaign_id,
    });
    return { released };
  });

  route(app, suppressionEndpoints.remove, async (request) => {
    const user = request.user!;
    const row = await repo.findSuppression(db, request.params.id);
    // Another sender's row is simply not found; only administrators lift the rows for everyone.
    if (!row || (user.role !== 'admin' && row.scope !== user.id)) throw notFound('Suppression');
    await repo.deleteSuppression(db, row.id);
  });

  route(app, suppressionEndpoints.export, async (request, reply) => {
    const user = request.user!;
    const { search, reason, bounce_reason, campaign_id, format, language } = request.query;
    const file = await exportSuppressions(
      db,
      { scope: scopeOf(user), search, reason, bounceReason: bounce_reason, campaignId: campaign_id },
      { format, language, withSender: user.role === 'admin' },
    );
    return sendDownload(reply, file);
  });

  route(app, suppressionEndpoints.inboundReports, async (request) => {
    const { query } = request;
    const { count, rows } = await pageInboundReports(db, {
      page: query.page,
      pageSize: query.page_size,
      search: query.search,
    });
    return {
      count,
      results: rows.map((row): InboundReport => ({
        ...row,
        envelope_to: parseJson<string[]>(row.envelope_to, []),
        details: parseJson<Record<string, unknown>>(row.details, {}),
      })),
    };
  });
};

export default suppressionRoutes;
