import type { FastifyPluginAsync } from 'fastify';
import { offsetOf } from '../../../contract/list.contract.ts';
import { logEndpoints } from '../../../contract/logs.contract.ts';
import type { User } from '../../../contract/auth.contract.ts';
import type { Db } from '../../db/schema.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/http-error.ts';
import { exportMessages } from './logs-export.service.ts';
import * as repo from './logs.repository.ts';
import { campaignBounces } from './logs-bounces.repository.ts';
import { sendingSummary, utcPeriodStarts } from './logs-summary.repository.ts';
import { sendingTrend, utcTrendStart } from './logs-trend.repository.ts';
import { surveyOf, toMessageLog } from './message-log.ts';
import { sendDownload } from '../../lib/download.ts';
import { linksOf } from '../../mail/click-tracking.ts';

/** The caller's campaign (any for an administrator); another sender's id is simply not found. */
async function visibleCampaign(db: Db, user: User, id: string) {
  const row = await repo.findCampaignWithOwner(db, id);
  if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Campaign');
  return row;
}

const DAY_MS = 86_400_000;

/** The e-mail log: campaigns, their recipients' messages and the figures over time. */
const logRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  route(app, logEndpoints.list, async (request) => {
    const { query } = request;
    const user = request.user!;
    const ordering = query.ordering ?? '-created_at';
    const { count, rows } = await repo.listCampaigns(
      db,
      { ownerId: user.role === 'admin' ? undefined : user.id, search: query.search, status: query.status },
      {
        offset: offsetOf(query),
        limit: query.page_size,
        orderBy: ordering.replace(/^-/, '') as 'created_at' | 'subject',
        descending: ordering.startsWith('-'),
      },
    );
    const counts = await repo.countsOf(
      db,
      rows.map((row) => row.id),
    );
    return { count, results: rows.map((row) => repo.toCampaignLog(row, counts.get(row.id)!)) };
  });

  route(app, logEndpoints.get, async (request) => {
    const row = await visibleCampaign(db, request.user!, request.params.id);
    const [counts, bounces] = await Promise.all([repo.countsOf(db, [row.id]), campaignBounces(db, row.id)]);
    return {
      ...repo.toCampaignLog(row, counts.get(row.id)!),
      html: row.html,
      source_type: row.source_type,
      survey: surveyOf(row.survey),
      language: row.language,
      track_clicks: row.track_clicks === 1,
      bounces,
    };
  });

  route(app, logEndpoints.messages, async (request) => {
    const campaign = await visibleCampaign(db, request.user!, request.params.id);
    const { query } = request;
    const ordering = query.ordering ?? 'seq';
    const { count, count_capped, rows } = await repo.listMessages(
      db,
      campaign.id,
      { status: query.status, answer: query.answer, search: query.search },
      {
        offset: offsetOf(query),
        limit: query.page_size,
        orderBy: ordering.replace(/^-/, '') as 'seq' | 'email' | 'sent_at' | 'opened_at',
        descending: ordering.startsWith('-'),
      },
    );
    const survey = surveyOf(campaign.survey);
    return { count, count_capped, results: rows.map((row) => toMessageLog(row, survey)) };
  });

  // By the id a webhook carried: the campaign's owner (or an administrator) reads it, anyone else
  // is told it does not exist.
  route(app, logEndpoints.message, async (request) => {
    const message = await repo.findMessage(db, request.params.id);
    if (!message) throw notFound('Message');
    const campaign = await repo.findCampaignWithOwner(db, message.campaign_id);
    if (!campaign || (campaign.user_id !== request.user!.id && request.user!.role !== 'admin'))
      throw notFound('Message');
    return { ...toMessageLog(message, surveyOf(campaign.survey)), campaign_id: campaign.id };
  });

  route(app, logEndpoints.timeline, async (request) => {
    const campaign = await visibleCampaign(db, request.user!, request.params.id);
    const start = Date.parse(campaign.started_at ?? campaign.created_at);
    const end = campaign.finished_at ? Date.parse(campaign.finished_at) : app.now().getTime();
    const bucket = request.query.bucket ?? (end - start > 2 * DAY_MS ? 'day' : 'hour');
    const width = bucket === 'day' ? 10 : 13;
    const [deliveries, failures, opens, answers, machineOpens, clicks] = await Promise.all([
      repo.bucketCounts(db, campaign.id, 'sent_at', width),
      repo.bucketCounts(db, campaign.id, 'failed_at', width),
      repo.bucketCounts(db, campaign.id, 'opened_at', width),
      repo.answerCounts(db, campaign.id),
      repo.bucketCounts(db, campaign.id, 'machine_opened_at', width),
      repo.bucketCounts(db, campaign.id, 'clicked_at', width),
    ]);
    const [bounces, complaints] = await Promise.all([
      repo.bucketCounts(db, campaign.id, 'bounced_at', width),
      repo.bucketCounts(db, campaign.id, 'complained_at', width),
    ]);
    return {
      bucket,
      deliveries,
      failures,
      opens,
      machine_opens: machineOpens,
      clicks,
      answers: answers.answers,
      custom_answered: answers.customAnswered,
      bounces,
      complaints,
    };
  });

  route(app, logEndpoints.links, async (request) => {
    const campaign = await visibleCampaign(db, request.user!, request.params.id);
    const tracked = campaign.track_clicks === 1;
    const content = tracked
      ? linksOf(campaign.html, { publicUrl: app.appConfig.publicUrl, template: true })
      : [];
    return { tracked, results: tracked ? await repo.linkReport(db, campaign.id, content) : [] };
  });

  route(app, logEndpoints.export, async (request, reply) => {
    const campaign = await visibleCampaign(db, request.user!, request.params.id);
    const { status, answer, search, format, language } = request.query;
    const file = await exportMessages(db, campaign, { status, answer, search }, { format, language });
    return sendDownload(reply, file);
  });

  route(app, logEndpoints.summary, async (request) => {
    const defaults = utcPeriodStarts(app.now());
    const { week_start, month_start } = request.query;
    // Normalised to UTC ISO text: the stored times are compared as text.
    const iso = (value: string | undefined, fallback: string) =>
      value ? new Date(value).toISOString() : fallback;
    return sendingSummary(db, request.user!.id, {
      week: iso(week_start, defaults.week),
      month: iso(month_start, defaults.month),
    });
  });

  // The overview's 30-day trend: the caller's campaigns, every campaign for an administrator.
  route(app, logEndpoints.trend, async (request) => {
    const user = request.user!;
    const { start, utc_offset } = request.query;
    return sendingTrend(
      db,
      { ownerId: user.role === 'admin' ? null : user.id },
      {
        // Normalised to UTC ISO text: the stored times are compared as text.
        start: start ? new Date(start).toISOString() : utcTrendStart(app.now()),
        utcOffsetMinutes: start ? (utc_offset ?? 0) : 0,
      },
    );
  });
};

export default logRoutes;
